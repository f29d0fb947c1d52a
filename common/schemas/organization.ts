import { z } from 'zod';

/** An organisation that keeps a roster (ENT-20). */
export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  member_status_criteria: z.object({
    member_number: z.object({
      minimum_length: z.number().int().nullable(),
      maximum_length: z.number().int().nullable(),
    }),
  }),
});

export type Organization = z.infer<typeof organizationSchema>;

export const organizationListSchema = z.object({
  data: z.object({ organizations: z.array(organizationSchema) }),
});
