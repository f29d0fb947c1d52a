import { Fieldset, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  schemaResolver,
  useForm,
  type FormErrors,
  type GetInputPropsReturnType,
} from '@mantine/form';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  CONTACT_ADDRESS_1_LABEL,
  CONTACT_ADDRESS_2_LABEL,
  CONTACT_CITY_LABEL,
  CONTACT_COMPANY_LABEL,
  CONTACT_COUNTRY_LABEL,
  CONTACT_EMAIL_LABEL,
  CONTACT_END_DAY_LABEL,
  CONTACT_EXTENSION_LABEL,
  CONTACT_PHONE_LABEL,
  CONTACT_START_DAY_LABEL,
  CONTACT_STATE_LABEL,
  CONTACT_TYPE_CHOOSE,
  CONTACT_TYPE_LABEL,
  CONTACT_ZIP_LABEL,
  ERROR_TITLE,
  SAVE_CONTACT,
  SAVING_CONTACT,
} from '../../../../common/messages.ts';
import {
  contactRules,
  contactTypeLabel,
  type ContactInfo,
  type ContactParty,
  type ContactType,
} from '../../../../common/schemas/contact-info.ts';
import { contactSaveMessages, useSaveContactInfo } from '../../../api/contact-info.ts';
import { BaseErrors } from '../../../components/BaseErrors.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { focusFirstError } from '../../../components/forms/form-errors.ts';
import { useGoBack } from '../../../components/forms/use-form-save.ts';
import { isApiError } from '../../../http/client.ts';
import { MY_ACCOUNT_PATH } from '../../../paths.ts';
import {
  LIST_OF,
  choosableTypes,
  contactSetOf,
  defaultCountry,
  defaultStateId,
  sentIndex,
  withEntry,
  type ContactEditTarget,
  type ContactEntry,
} from './contact-set.ts';

/**
 * The contact edit page's form (§5 Contact forms; ACCT-25, ACCT-26, ACCT-28, VAL-29..43,
 * ERR-59): one entry, checked by the same rules as `PUT /contacts.json`
 * (common/schemas/contact-info.ts) through the form's resolver, so an invalid entry is never
 * sent (VAL-43); then the whole set with the entry in place is saved.
 */
export function ContactForm({
  info,
  party,
  target,
}: {
  info: ContactInfo;
  party: ContactParty;
  target: ContactEditTarget;
}) {
  const props = { info, party, target };
  if (target.kind === 'address') return <AddressForm {...props} />;
  if (target.kind === 'email') return <EmailForm {...props} />;
  return <PhoneForm {...props} />;
}

interface FormProps {
  info: ContactInfo;
  party: ContactParty;
  target: ContactEditTarget;
}

/** The save every kind shares: the whole set, the 'Error' callout, field errors under fields. */
function useContactSave(
  { party, target }: FormProps,
  fields: readonly string[],
  showFieldErrors: (errors: FormErrors) => void,
) {
  const save = useSaveContactInfo();
  const goBack = useGoBack(MY_ACCOUNT_PATH);
  const [messages, setMessages] = useState<string[]>([]);
  const set = contactSetOf(party);
  const prefix = `${LIST_OF[target.kind]}.${sentIndex(set, target)}.`;

  const submit = (entry: ContactEntry) => {
    setMessages([]);
    save.mutate(withEntry(set, target.kind, target.index, entry), {
      onSuccess: goBack,
      onError: (error) => {
        setMessages(contactSaveMessages(error));
        if (!isApiError(error)) return;
        const found: FormErrors = {};
        for (const [key, list] of Object.entries(error.errors ?? {})) {
          const field = key.startsWith(prefix) ? key.slice(prefix.length) : null;
          if (field !== null && fields.includes(field)) found[field] = list.join(', ');
        }
        showFieldErrors(found);
      },
    });
  };
  return { submit, messages, submitting: save.isPending || save.isSuccess, goBack };
}

function FormFrame({
  onSubmit,
  formRef,
  messages,
  submitting,
  onCancel,
  children,
}: {
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  formRef: React.RefObject<HTMLFormElement | null>;
  messages: string[];
  submitting: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {messages.length > 0 ? (
        <BaseErrors title={ERROR_TITLE} messages={[messages.join(', ')]} testId="contact-error" />
      ) : null}
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={submitting}>
        <Stack gap="lg">
          <Fieldset variant="unstyled" disabled={submitting} p={0} m={0}>
            <Stack gap="md">{children}</Stack>
          </Fieldset>
          <FormActions
            submitLabel={SAVE_CONTACT}
            savingLabel={SAVING_CONTACT}
            submitting={submitting}
            onCancel={onCancel}
          />
        </Stack>
      </form>
    </>
  );
}

function TypeSelect({
  types,
  adding,
  inputProps,
}: {
  types: readonly ContactType[];
  adding: boolean;
  inputProps: GetInputPropsReturnType;
}) {
  const options = types.map((type) => ({ value: type.name, label: contactTypeLabel(type.name) }));
  return (
    <NativeSelect
      label={CONTACT_TYPE_LABEL}
      size="lg"
      withAsterisk
      data={adding ? [{ value: '', label: CONTACT_TYPE_CHOOSE }, ...options] : options}
      data-field="type"
      data-testid="contact-type"
      {...inputProps}
    />
  );
}

const ADDRESS_FIELDS = [
  'type',
  'company',
  'address_1',
  'address_2',
  'city',
  'country_id',
  'state_id',
  'zip',
  'start_day',
  'end_day',
] as const;

interface AddressValues {
  type: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state_id: number | null;
  zip: string;
  country_id: number | null;
  start_day: string;
  end_day: string;
}

function AddressForm(props: FormProps) {
  const { info, party, target } = props;
  const rules = useMemo(() => contactRules(info), [info]);
  const set = contactSetOf(party);
  const types = choosableTypes(set, info.types, 'address', target.index);
  const initialValues = useMemo((): AddressValues => {
    const entry = target.index === null ? undefined : party.addresses[target.index];
    if (entry) {
      return {
        type: entry.type,
        company: entry.company ?? '',
        address_1: entry.address_1,
        address_2: entry.address_2 ?? '',
        city: entry.city,
        state_id: entry.state_id,
        zip: entry.zip,
        country_id: entry.country_id,
        start_day: entry.start_day ?? '',
        end_day: entry.end_day ?? '',
      };
    }
    const country = defaultCountry(info.countries);
    return {
      type: '',
      company: '',
      address_1: '',
      address_2: '',
      city: '',
      state_id: defaultStateId(country),
      zip: '',
      country_id: country?.id ?? null,
      start_day: '',
      end_day: '',
    };
    // The form starts from the entry once; a refetch must not overwrite what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const form = useForm<AddressValues>({
    initialValues,
    validate: schemaResolver(rules.address, { sync: true }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const showErrors = (errors: FormErrors) => {
    form.setErrors(errors);
    focusFirstError(formRef.current, ADDRESS_FIELDS, errors);
  };
  const save = useContactSave(props, ADDRESS_FIELDS, showErrors);
  const values = form.getValues();
  const type = info.types.find(
    (candidate) => candidate.kind === 'address' && candidate.name === values.type,
  );
  const country = info.countries.find((candidate) => candidate.id === values.country_id);
  const countryProps = form.getInputProps('country_id');
  const stateProps = form.getInputProps('state_id');

  return (
    <FormFrame
      formRef={formRef}
      onSubmit={(event) =>
        form.onSubmit(save.submit, (errors) =>
          focusFirstError(formRef.current, ADDRESS_FIELDS, errors),
        )(event)
      }
      messages={save.messages}
      submitting={save.submitting}
      onCancel={save.goBack}
    >
      <TypeSelect
        types={types}
        adding={target.index === null}
        inputProps={form.getInputProps('type')}
      />
      <TextInput
        label={CONTACT_COMPANY_LABEL}
        size="lg"
        autoComplete="organization"
        data-field="company"
        data-testid="contact-company"
        {...form.getInputProps('company')}
      />
      <TextInput
        label={CONTACT_ADDRESS_1_LABEL}
        size="lg"
        withAsterisk
        autoComplete="address-line1"
        data-field="address_1"
        data-testid="contact-address-1"
        {...form.getInputProps('address_1')}
      />
      <TextInput
        label={CONTACT_ADDRESS_2_LABEL}
        size="lg"
        autoComplete="address-line2"
        data-field="address_2"
        data-testid="contact-address-2"
        {...form.getInputProps('address_2')}
      />
      <TextInput
        label={CONTACT_CITY_LABEL}
        size="lg"
        withAsterisk
        autoComplete="address-level2"
        data-field="city"
        data-testid="contact-city"
        {...form.getInputProps('city')}
      />
      <NativeSelect
        label={CONTACT_COUNTRY_LABEL}
        size="lg"
        withAsterisk
        data={[
          ...(values.country_id === null ? [{ value: '', label: '' }] : []),
          ...info.countries.map((option) => ({ value: String(option.id), label: option.name })),
        ]}
        data-field="country_id"
        data-testid="contact-country"
        error={countryProps.error as ReactNode}
        value={values.country_id === null ? '' : String(values.country_id)}
        onChange={(event) => {
          const id = event.currentTarget.value === '' ? null : Number(event.currentTarget.value);
          form.setFieldValue('country_id', id);
          // VAL-42: a new country clears the state; its default, if any, is preselected (ACCT-28).
          form.setFieldValue(
            'state_id',
            defaultStateId(info.countries.find((option) => option.id === id)),
          );
        }}
      />
      <Stack gap="md">
        {country && country.states.length > 0 ? (
          <NativeSelect
            label={CONTACT_STATE_LABEL}
            size="lg"
            withAsterisk
            data={[
              { value: '', label: '' },
              ...country.states.map((state) => ({ value: String(state.id), label: state.name })),
            ]}
            data-field="state_id"
            data-testid="contact-state"
            error={stateProps.error as ReactNode}
            value={values.state_id === null ? '' : String(values.state_id)}
            onChange={(event) =>
              form.setFieldValue(
                'state_id',
                event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
              )
            }
          />
        ) : null}
        <TextInput
          label={CONTACT_ZIP_LABEL}
          size="lg"
          withAsterisk
          autoComplete="postal-code"
          inputMode={country?.is_zip4 ? 'numeric' : 'text'}
          data-field="zip"
          data-testid="contact-zip"
          {...form.getInputProps('zip')}
        />
      </Stack>
      {type?.allows_days ? (
        <Stack gap="md">
          <TextInput
            label={CONTACT_START_DAY_LABEL}
            size="lg"
            withAsterisk
            placeholder="mm/dd"
            inputMode="numeric"
            data-field="start_day"
            data-testid="contact-start-day"
            {...form.getInputProps('start_day')}
          />
          <TextInput
            label={CONTACT_END_DAY_LABEL}
            size="lg"
            withAsterisk
            placeholder="mm/dd"
            inputMode="numeric"
            data-field="end_day"
            data-testid="contact-end-day"
            {...form.getInputProps('end_day')}
          />
        </Stack>
      ) : null}
    </FormFrame>
  );
}

const EMAIL_FIELDS = ['type', 'address'] as const;

function EmailForm(props: FormProps) {
  const { info, party, target } = props;
  const rules = useMemo(() => contactRules(info), [info]);
  const types = choosableTypes(contactSetOf(party), info.types, 'email', target.index);
  const entry = target.index === null ? undefined : party.emails[target.index];
  const form = useForm({
    initialValues: { type: entry?.type ?? '', address: entry?.address ?? '' },
    validate: schemaResolver(rules.email, { sync: true }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const save = useContactSave(props, EMAIL_FIELDS, (errors) => {
    form.setErrors(errors);
    focusFirstError(formRef.current, EMAIL_FIELDS, errors);
  });
  return (
    <FormFrame
      formRef={formRef}
      onSubmit={(event) =>
        form.onSubmit(save.submit, (errors) =>
          focusFirstError(formRef.current, EMAIL_FIELDS, errors),
        )(event)
      }
      messages={save.messages}
      submitting={save.submitting}
      onCancel={save.goBack}
    >
      <TypeSelect
        types={types}
        adding={target.index === null}
        inputProps={form.getInputProps('type')}
      />
      <TextInput
        label={CONTACT_EMAIL_LABEL}
        size="lg"
        withAsterisk
        type="email"
        autoComplete="email"
        data-field="address"
        data-testid="contact-email"
        {...form.getInputProps('address')}
      />
    </FormFrame>
  );
}

const PHONE_FIELDS = ['type', 'number', 'extension'] as const;

function PhoneForm(props: FormProps) {
  const { info, party, target } = props;
  const rules = useMemo(() => contactRules(info), [info]);
  const types = choosableTypes(contactSetOf(party), info.types, 'phone', target.index);
  const entry = target.index === null ? undefined : party.phones[target.index];
  const form = useForm({
    initialValues: {
      type: entry?.type ?? '',
      number: entry?.number ?? '',
      extension: entry?.extension ?? '',
    },
    validate: schemaResolver(rules.phone, { sync: true }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const save = useContactSave(props, PHONE_FIELDS, (errors) => {
    form.setErrors(errors);
    focusFirstError(formRef.current, PHONE_FIELDS, errors);
  });
  const values = form.getValues();
  const type = info.types.find(
    (candidate) => candidate.kind === 'phone' && candidate.name === values.type,
  );
  return (
    <FormFrame
      formRef={formRef}
      onSubmit={(event) =>
        form.onSubmit(save.submit, (errors) =>
          focusFirstError(formRef.current, PHONE_FIELDS, errors),
        )(event)
      }
      messages={save.messages}
      submitting={save.submitting}
      onCancel={save.goBack}
    >
      <TypeSelect
        types={types}
        adding={target.index === null}
        inputProps={form.getInputProps('type')}
      />
      <TextInput
        label={CONTACT_PHONE_LABEL}
        size="lg"
        withAsterisk
        type="tel"
        autoComplete="tel"
        data-field="number"
        data-testid="contact-phone"
        {...form.getInputProps('number')}
      />
      {type?.allows_extension ? (
        <TextInput
          label={CONTACT_EXTENSION_LABEL}
          size="lg"
          inputMode="numeric"
          data-field="extension"
          data-testid="contact-extension"
          {...form.getInputProps('extension')}
        />
      ) : null}
    </FormFrame>
  );
}
