import { z } from 'zod';
import { recordIdParamSchema } from './record-id.ts';

/*
 * Dues and the saved card on the wire (§3 Club dues item, Credit card; §7; docs/decisions.md
 * D50). Amounts are dollars (`amount: 50` is $50.00, as the spec's client reads them) with the
 * exact integer cents beside them; the server keeps and sums cents only.
 */

export const duesLineSchema = z.object({
  year: z.number().int(),
  amount: z.number(),
  amount_cents: z.number().int(),
});
export type DuesLine = z.infer<typeof duesLineSchema>;

/** A club the member owes or owed dues to: this year's unpaid dues, earlier unpaid arrears. */
export const clubDuesItemSchema = z.object({
  club_id: z.number().int(),
  club_name: z.string(),
  organization_name: z.string(),
  dues_metadata: z.object({
    dues: z.array(duesLineSchema),
    arrears: z.array(duesLineSchema),
  }),
  total: z.number(),
  total_cents: z.number().int(),
  /** Null: the 'pay' link opens /app/dues_payments/{club_id}, which asks for one (AMB-13). */
  dues_payment_options_task_token_url: z.url().nullable(),
});
export type ClubDuesItem = z.infer<typeof clubDuesItemSchema>;

/** §3's other form: a lodge of the member that takes no dues online. */
export const clubDuesMessageSchema = z.object({
  club_id: z.number().int(),
  club_name: z.string(),
  organization_name: z.string(),
  message: z.string(),
});
export type ClubDuesMessage = z.infer<typeof clubDuesMessageSchema>;

export const organizationDuesSchema = z.union([clubDuesItemSchema, clubDuesMessageSchema]);
export type OrganizationDues = z.infer<typeof organizationDuesSchema>;

export const clubDuesAnswerSchema = z.object({
  data: z.object({ organization_dues: z.array(organizationDuesSchema) }),
});
export type ClubDuesAnswer = z.infer<typeof clubDuesAnswerSchema>;

export const duesPaymentParamsSchema = z.object({ clubId: recordIdParamSchema });

export const duesPaymentAnswerSchema = z.object({
  data: z.object({ task_token_url: z.url() }),
});
export type DuesPaymentAnswer = z.infer<typeof duesPaymentAnswerSchema>;

/** The saved card: nothing but what is shown; `card_number` is masked (XXXX-XXXX-XXXX-4242). */
export const creditCardSchema = z.object({
  name: z.string(),
  email_address: z.string(),
  card_number: z.string(),
  /** 'MM/YYYY'. */
  expires: z.string(),
  added_at: z.number().int(),
  /** 'Visa', 'Mastercard'...; null for a card saved before brands were kept. */
  brand: z.string().nullable(),
});
export type CreditCard = z.infer<typeof creditCardSchema>;

export const paymentCredentialAnswerSchema = z.object({
  data: z.object({ credit_card: creditCardSchema.nullable() }),
});
export type PaymentCredentialAnswer = z.infer<typeof paymentCredentialAnswerSchema>;

/** Where the member lands after a checkout: /app/my_account?payment=paid|cancelled. */
export const PAYMENT_RESULT_PARAM = 'payment';
export type PaymentResult = 'paid' | 'cancelled';
