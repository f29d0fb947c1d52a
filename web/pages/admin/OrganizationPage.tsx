import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  DEFAULT_STATUS_STYLES,
  organizationSettingsOf,
  organizationSettingsSchema,
  type OrganizationSettings,
} from '../../../common/schemas/console-clubs.ts';
import { MEMBER_STATUS_VALUES } from '../../../common/schemas/console.ts';
import { useConsoleOrganization, useSaveOrganization } from '../../api/console-clubs.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { focusFirstError } from '../../components/forms/form-errors.ts';
import { useFormSave } from '../../components/forms/use-form-save.ts';
import { CONSOLE_ORGANIZATION_PATH, CONSOLE_PATH } from '../../paths.ts';
import {
  ADD_LEVEL,
  BACK_TO_CONSOLE,
  CREATE_ORGANIZATION_BUTTON,
  LEVELS_HINT,
  LEVELS_TITLE,
  LOADING_ORGANIZATION,
  MEMBER_NUMBER_MAX,
  MEMBER_NUMBER_MIN,
  MEMBER_NUMBER_RULE,
  NEW_ORGANIZATION_TITLE,
  ORGANIZATION_NAME,
  ORGANIZATION_NAME_SECTION,
  ORGANIZATION_READ_ONLY,
  ORGANIZATION_SAVED,
  ORGANIZATION_TITLE,
  RECOGNIZED_HINT,
  RECOGNIZED_LABEL,
  SAVE_FAILED,
  SAVE_ORGANIZATION,
  SAVING,
  STATUSES_HINT,
  STATUSES_TITLE,
  STATUS_TEXT,
  levelLabel,
  removeLevel,
  statusColourLabel,
  statusTitleLabel,
} from '../../../common/messages.ts';
import {
  ConsoleScreen,
  ConsoleSection,
  OrganizationPicker,
  ORGANIZATION_PARAM,
} from './ConsoleScreen.tsx';

/** A new organisation's first values: the usual three levels and the default status looks. */
export const NEW_ORGANIZATION: OrganizationSettings = {
  name: '',
  member_number_min_length: null,
  member_number_max_length: null,
  is_recognized: true,
  club_types: [
    { id: null, name: 'Grand Lodge' },
    { id: null, name: 'District' },
    { id: null, name: 'Lodge' },
  ],
  statuses: MEMBER_STATUS_VALUES.map((status) => ({ status, ...DEFAULT_STATUS_STYLES[status] })),
};

/**
 * /admin/organization?organization_id= (issue 23, D68): the organisation's settings — name,
 * member-number rule, recognised for status checks, its levels, how its statuses look. Read
 * by its secretaries; saved by an administrator or its grand secretary (the server says which).
 */
export function OrganizationPage() {
  return (
    <ConsoleScreen title={ORGANIZATION_TITLE}>
      {(scope, organization) =>
        organization === null ? (
          <NotFound />
        ) : (
          <Stack gap="lg">
            <Title order={1}>{ORGANIZATION_TITLE}</Title>
            <OrganizationPicker scope={scope} organization={organization} />
            <LoadedOrganization id={organization.id} />
          </Stack>
        )
      }
    </ConsoleScreen>
  );
}

function LoadedOrganization({ id }: { id: number }) {
  const query = useConsoleOrganization(id);
  return (
    <RecordScreen
      query={query}
      loadingLabel={LOADING_ORGANIZATION}
      testId="organization"
      back={CONSOLE_PATH}
      backLabel={BACK_TO_CONSOLE}
    >
      {(detail) => (
        <OrganizationForm
          key={`${detail.id}`}
          id={detail.id}
          initial={organizationSettingsOf(detail)}
          editable={detail.abilities.edit}
        />
      )}
    </RecordScreen>
  );
}

/** /admin/organizations/new (administrators): the first step of a first start. */
export function NewOrganizationPage() {
  return (
    <ConsoleScreen title={NEW_ORGANIZATION_TITLE}>
      {(scope) =>
        scope.is_admin ? (
          <Stack gap="lg">
            <Title order={1}>{NEW_ORGANIZATION_TITLE}</Title>
            <OrganizationForm id={null} initial={NEW_ORGANIZATION} editable />
          </Stack>
        ) : (
          <NotFound />
        )
      }
    </ConsoleScreen>
  );
}

/** Every field path the server may name, in the order the form shows them. */
function fieldOrder(values: OrganizationSettings): string[] {
  return [
    'name',
    'member_number_min_length',
    'member_number_max_length',
    'club_types',
    ...values.club_types.map((_, index) => `club_types.${index}.name`),
    ...values.statuses.flatMap((_, index) => [
      `statuses.${index}.title`,
      `statuses.${index}.color`,
    ]),
  ];
}

export function OrganizationForm({
  id,
  initial,
  editable,
}: {
  id: number | null;
  initial: OrganizationSettings;
  editable: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const save = useSaveOrganization(id);
  const form = useForm<OrganizationSettings>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(organizationSettingsSchema, { sync: true }),
  });
  const order = fieldOrder(form.getValues());
  const saving = useFormSave<string>({
    fallbackError: SAVE_FAILED,
    fieldOf: (name) => (order.includes(name) ? name : null),
    onFieldErrors: (fields) => {
      form.setErrors(fields);
      focusFirstError(formRef.current, order, fields);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const result = form.validate();
    if (result.hasErrors) {
      focusFirstError(formRef.current, order, result.errors);
      return;
    }
    void saving.save(
      () => save.mutateAsync(organizationSettingsSchema.parse(form.getValues())),
      (detail) => {
        if (id === null) {
          void navigate(`${CONSOLE_ORGANIZATION_PATH}?${ORGANIZATION_PARAM}=${detail.id}`);
          return;
        }
        form.setValues(organizationSettingsOf(detail));
        form.resetDirty(organizationSettingsOf(detail));
        setSaved(true);
      },
    );
  };

  const disabled = !editable || saving.submitting;
  const levelsError = form.errors.club_types;
  return (
    <Stack gap="lg">
      {editable ? null : (
        <Alert color="gray" variant="light" data-testid="organization-read-only">
          <Text size="md">{ORGANIZATION_READ_ONLY}</Text>
        </Alert>
      )}
      <BaseErrors messages={saving.baseErrors} testId="organization-errors" />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving.submitting}>
        <Stack gap="lg">
          <ConsoleSection title={ORGANIZATION_NAME_SECTION} testId="organization-name-section">
            <TextInput
              size="lg"
              label={ORGANIZATION_NAME}
              data-field="name"
              disabled={disabled}
              {...form.getInputProps('name')}
              data-testid="organization-name"
            />
            <Checkbox
              size="md"
              label={RECOGNIZED_LABEL}
              description={RECOGNIZED_HINT}
              disabled={disabled}
              {...form.getInputProps('is_recognized', { type: 'checkbox' })}
              data-testid="organization-recognized"
            />
          </ConsoleSection>
          <ConsoleSection title={MEMBER_NUMBER_RULE} testId="organization-number-section">
            <Group grow align="flex-start" wrap="wrap">
              {(['member_number_min_length', 'member_number_max_length'] as const).map((field) => (
                <NumberInput
                  key={field}
                  size="lg"
                  miw={220}
                  label={
                    field === 'member_number_min_length' ? MEMBER_NUMBER_MIN : MEMBER_NUMBER_MAX
                  }
                  data-field={field}
                  disabled={disabled}
                  allowDecimal={false}
                  allowNegative={false}
                  value={form.getValues()[field] ?? ''}
                  error={form.errors[field]}
                  onChange={(value) =>
                    form.setFieldValue(field, typeof value === 'number' ? value : null)
                  }
                  data-testid={field}
                />
              ))}
            </Group>
          </ConsoleSection>
          <ConsoleSection title={LEVELS_TITLE} testId="organization-levels-section">
            <Text size="md">{LEVELS_HINT}</Text>
            {levelsError ? (
              <Text c="red.8" size="md" role="alert" data-field="club_types" tabIndex={-1}>
                {levelsError}
              </Text>
            ) : null}
            <Stack gap="sm">
              {form.getValues().club_types.map((level, index) => (
                <Group key={level.id ?? `new-${index}`} align="flex-end" wrap="nowrap">
                  <TextInput
                    size="lg"
                    style={{ flex: 1 }}
                    label={levelLabel(index)}
                    data-field={`club_types.${index}.name`}
                    disabled={disabled}
                    {...form.getInputProps(`club_types.${index}.name`)}
                    data-testid={`level-${index}`}
                  />
                  <Button
                    variant="default"
                    size="lg"
                    px="sm"
                    aria-label={removeLevel(level.name)}
                    disabled={disabled || form.getValues().club_types.length < 2}
                    onClick={() => form.removeListItem('club_types', index)}
                  >
                    <IconTrash size={22} aria-hidden="true" />
                  </Button>
                </Group>
              ))}
            </Stack>
            <Group>
              <Button
                variant="default"
                size="md"
                leftSection={<IconPlus size={20} aria-hidden="true" />}
                disabled={disabled}
                onClick={() => form.insertListItem('club_types', { id: null, name: '' })}
                data-testid="add-level"
              >
                {ADD_LEVEL}
              </Button>
            </Group>
          </ConsoleSection>
          <ConsoleSection title={STATUSES_TITLE} testId="organization-statuses-section">
            <Text size="md">{STATUSES_HINT}</Text>
            <Stack gap="md">
              {form.getValues().statuses.map((entry, index) => (
                <Group key={entry.status} align="flex-start" wrap="wrap" gap="md">
                  <TextInput
                    size="lg"
                    miw={220}
                    style={{ flex: 1 }}
                    label={statusTitleLabel(STATUS_TEXT[entry.status])}
                    data-field={`statuses.${index}.title`}
                    disabled={disabled}
                    {...form.getInputProps(`statuses.${index}.title`)}
                    data-testid={`status-title-${entry.status}`}
                  />
                  <TextInput
                    size="lg"
                    w={220}
                    label={statusColourLabel(STATUS_TEXT[entry.status])}
                    data-field={`statuses.${index}.color`}
                    disabled={disabled}
                    leftSection={
                      <Box
                        aria-hidden="true"
                        w={22}
                        h={22}
                        style={{
                          borderRadius: 4,
                          background: entry.color,
                          border: '1px solid #495057',
                        }}
                      />
                    }
                    {...form.getInputProps(`statuses.${index}.color`)}
                    data-testid={`status-colour-${entry.status}`}
                  />
                </Group>
              ))}
            </Stack>
          </ConsoleSection>
          {saved ? (
            <Alert color="green" variant="light" role="status" data-testid="organization-saved">
              <Text size="md">{ORGANIZATION_SAVED}</Text>
            </Alert>
          ) : null}
          {editable ? (
            <Group justify="flex-end">
              <Button
                type="submit"
                size="lg"
                loading={saving.submitting}
                loaderProps={{ 'aria-label': SAVING }}
                data-testid="organization-save"
              >
                {id === null ? CREATE_ORGANIZATION_BUTTON : SAVE_ORGANIZATION}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
