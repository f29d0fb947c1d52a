import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  DEFAULT_TIME_ZONE_ID,
  TIME_ZONE_IDS,
  TIME_ZONE_LABELS,
} from '../../../common/event-time.ts';
import {
  clubFieldsSchema,
  type ClubFields,
  type ConsoleClubDetail,
} from '../../../common/schemas/console-clubs.ts';
import type { ConsoleOrganization } from '../../../common/schemas/console.ts';
import {
  useClubTree,
  useCloseClub,
  useConsoleClub,
  useConsoleOrganization,
  useSaveClub,
} from '../../api/console-clubs.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { Loading, RecordScreen } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { focusFirstError } from '../../components/forms/form-errors.ts';
import { useFormSave } from '../../components/forms/use-form-save.ts';
import { CONSOLE_CLUBS_PATH, consoleClubPath, parseRecordId } from '../../paths.ts';
import {
  BACK_TO_CLUBS,
  CLOSE_CLUB,
  CLOSE_CLUB_EXPLAINED,
  CLOSE_FAILED,
  CLOSING,
  CLUB_ADDRESS1,
  CLUB_ADDRESS2,
  CLUB_CITY,
  CLUB_DEFAULT_URL,
  CLUB_DEFAULT_URL_HINT,
  CLUB_DESCRIPTION,
  CLUB_FORMAL_NAME,
  CLUB_HIDE_STOCK,
  CLUB_INTRODUCTION,
  CLUB_INTRODUCTION_HINT,
  CLUB_LAT,
  CLUB_LNG,
  CLUB_MAP_URL,
  CLUB_MEETINGS_LABEL,
  CLUB_NAME,
  CLUB_NAMES_SECTION,
  CLUB_PLACE_SECTION,
  CLUB_TEXTS_SECTION,
  CLUB_PARENT,
  CLUB_SAVED,
  CLUB_STATE,
  CLUB_SUBDOMAIN,
  CLUB_SUBDOMAIN_HINT,
  CLUB_TIME_ZONE,
  CLUB_TYPE,
  CLUB_ZIP,
  CONFIRM_CLOSE,
  CREATE_CLUB,
  EDIT_CLUB_TITLE,
  KEEP_OPEN,
  LOADING_CONSOLE_CLUB,
  NEW_CLUB_TITLE,
  NO_PARENT,
  SAVE_CLUB,
  SAVE_FAILED,
  SAVING,
  VIEW_CLUB_PAGE,
  clubClosedOn,
  closeClubQuestion,
} from '../../../common/messages.ts';
import { ClubImages } from './ClubImages.tsx';
import { ConsoleScreen, ConsoleSection, ORGANIZATION_PARAM } from './ConsoleScreen.tsx';

/** The form's values: text fields as typed ('' for none), the schema turns '' into null. */
type ClubFormValues = ClubFields;
type ClubField = keyof ClubFormValues;

const FIELD_ORDER: readonly ClubField[] = [
  'name',
  'formal_name',
  'club_type_id',
  'group_id',
  'subdomain',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'time_zone_id',
  'lat',
  'lng',
  'meetings',
  'description',
  'introduction',
  'is_hiding_stock_introduction',
  'map_url',
  'default_url',
];

export function formValuesOf(club: ConsoleClubDetail): ClubFormValues {
  return {
    name: club.name,
    formal_name: club.formal_name,
    club_type_id: club.club_type_id,
    group_id: club.group_id,
    subdomain: club.subdomain,
    address1: club.address1 ?? '',
    address2: club.address2 ?? '',
    city: club.city ?? '',
    state: club.state ?? '',
    zip: club.zip ?? '',
    time_zone_id: club.time_zone_id,
    lat: club.lat,
    lng: club.lng,
    description: club.description ?? '',
    introduction: club.introduction ?? '',
    is_hiding_stock_introduction: club.is_hiding_stock_introduction,
    meetings: club.meetings ?? '',
    map_url: club.map_url ?? '',
    default_url: club.default_url ?? '',
  };
}

function readableDay(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** /admin/clubs/{id} (issue 23, D68): a club's every field a member sees, and closing it. */
export function ClubEditPage() {
  const clubId = parseRecordId(useParams().clubId);
  return (
    <ConsoleScreen title={EDIT_CLUB_TITLE} back={false}>
      {() => (clubId === null ? <NotFound /> : <LoadedClub id={clubId} />)}
    </ConsoleScreen>
  );
}

function LoadedClub({ id }: { id: number }) {
  const query = useConsoleClub(id);
  return (
    <RecordScreen
      query={query}
      loadingLabel={LOADING_CONSOLE_CLUB}
      testId="console-club"
      back={CONSOLE_CLUBS_PATH}
      backLabel={BACK_TO_CLUBS}
    >
      {(club) => (
        <Stack gap="lg">
          <BackLink
            to={`${CONSOLE_CLUBS_PATH}?${ORGANIZATION_PARAM}=${club.organization_id}`}
            label={BACK_TO_CLUBS}
          />
          <Title order={1}>{club.name}</Title>
          {club.closed_at ? (
            <Alert color="gray" variant="light" data-testid="club-closed">
              <Text size="md">{clubClosedOn(readableDay(club.closed_at))}</Text>
            </Alert>
          ) : null}
          <ClubForm
            key={club.id}
            organizationId={club.organization_id}
            clubId={club.id}
            initial={formValuesOf(club)}
            editable={club.abilities.edit}
            subdomain={club.subdomain}
            parentName={club.group_name}
          />
          <ClubImages club={club} />
          {club.abilities.close ? <CloseClub club={club} /> : null}
        </Stack>
      )}
    </RecordScreen>
  );
}

/** /admin/clubs/new?organization_id=&parent= : a new club under `parent` (none: at the top). */
export function NewClubPage() {
  const [params] = useSearchParams();
  const parent = parseRecordId(params.get('parent') ?? undefined);
  return (
    <ConsoleScreen title={NEW_CLUB_TITLE} back={false}>
      {(_scope, organization) =>
        organization === null ? (
          <NotFound />
        ) : (
          <Stack gap="lg">
            <BackLink
              to={`${CONSOLE_CLUBS_PATH}?${ORGANIZATION_PARAM}=${organization.id}`}
              label={BACK_TO_CLUBS}
            />
            <Title order={1}>{NEW_CLUB_TITLE}</Title>
            <NewClubForm organization={organization} parent={parent} />
          </Stack>
        )
      }
    </ConsoleScreen>
  );
}

function NewClubForm({
  organization,
  parent,
}: {
  organization: ConsoleOrganization;
  parent: number | null;
}) {
  const detail = useConsoleOrganization(organization.id);
  const tree = useClubTree(organization.id);
  if (detail.isPending || tree.isPending) return <Loading label={LOADING_CONSOLE_CLUB} />;
  const levels = detail.data?.club_types ?? [];
  const parentClub = tree.data?.clubs.find((club) => club.id === parent);
  const parentRank = levels.find((level) => level.name === parentClub?.type_name)?.rank ?? -1;
  // The level just below the parent's, as a grand lodge's districts and a district's lodges.
  const level = levels.find((candidate) => candidate.rank === parentRank + 1) ?? levels[0];
  return (
    <ClubForm
      organizationId={organization.id}
      clubId={null}
      editable
      subdomain={null}
      parentName={null}
      initial={{
        name: '',
        formal_name: '',
        club_type_id: level?.id ?? 0,
        group_id: parent,
        subdomain: '',
        address1: '',
        address2: '',
        city: '',
        state: '',
        zip: '',
        time_zone_id: DEFAULT_TIME_ZONE_ID,
        lat: null,
        lng: null,
        description: '',
        introduction: '',
        is_hiding_stock_introduction: false,
        meetings: '',
        map_url: '',
        default_url: '',
      }}
    />
  );
}

function ClubForm({
  organizationId,
  clubId,
  initial,
  editable,
  subdomain,
  parentName,
}: {
  organizationId: number;
  clubId: number | null;
  initial: ClubFormValues;
  editable: boolean;
  /** The saved web address name, for the link to the club's page; null for a new club. */
  subdomain: string | null;
  /** The saved parent's name, for a parent outside the user's tree. */
  parentName: string | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveClub(clubId);
  const organization = useConsoleOrganization(organizationId);
  const tree = useClubTree(organizationId);
  const form = useForm<ClubFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(clubFieldsSchema, { sync: true }),
  });
  const saving = useFormSave<ClubField>({
    fallbackError: SAVE_FAILED,
    fieldOf: (name) => (FIELD_ORDER.includes(name as ClubField) ? (name as ClubField) : null),
    onFieldErrors: (fields) => {
      form.setErrors(fields);
      focusFirstError(formRef.current, FIELD_ORDER, fields);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const result = form.validate();
    if (result.hasErrors) {
      focusFirstError(formRef.current, FIELD_ORDER, result.errors);
      return;
    }
    const fields = form.getValues();
    void saving.save(
      () =>
        save.mutateAsync(clubId === null ? { ...fields, organization_id: organizationId } : fields),
      (club) => {
        if (clubId === null) {
          void navigate(consoleClubPath(club.id));
          return;
        }
        form.setValues(formValuesOf(club));
        form.resetDirty(formValuesOf(club));
        setSaved(club.subdomain);
      },
    );
  };

  const disabled = !editable || saving.submitting;
  const levels = organization.data?.club_types ?? [];
  const parents = (tree.data?.clubs ?? []).filter(
    (club) => club.id !== clubId && club.closed_at === null,
  );
  const parentChoices = [
    ...(tree.data?.may_add_top || initial.group_id === null
      ? [{ value: '', label: NO_PARENT }]
      : []),
    ...parents.map((club) => ({
      value: String(club.id),
      label: `${club.name} (${club.type_name})`,
    })),
  ];
  // The current parent stays choosable even when it is not the user's (a secretary's own lodge).
  if (initial.group_id !== null && !parents.some((club) => club.id === initial.group_id)) {
    parentChoices.push({
      value: String(initial.group_id),
      label: parentName ?? String(initial.group_id),
    });
  }
  const text = (field: ClubField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      size="lg"
      label={label}
      data-field={field}
      disabled={disabled}
      {...extra}
      {...form.getInputProps(field)}
      data-testid={`club-${field}`}
    />
  );
  const coordinate = (field: 'lat' | 'lng', label: string) => (
    <NumberInput
      size="lg"
      label={label}
      data-field={field}
      disabled={disabled}
      decimalScale={6}
      value={form.getValues()[field] ?? ''}
      error={form.errors[field]}
      onChange={(value) => form.setFieldValue(field, typeof value === 'number' ? value : null)}
      data-testid={`club-${field}`}
    />
  );

  return (
    <Stack gap="lg">
      <BaseErrors messages={saving.baseErrors} testId="club-errors" />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving.submitting}>
        <Stack gap="lg">
          <ConsoleSection title={CLUB_NAMES_SECTION} testId="club-names-section">
            {text('name', CLUB_NAME)}
            {text('formal_name', CLUB_FORMAL_NAME)}
            {text('subdomain', CLUB_SUBDOMAIN, { description: CLUB_SUBDOMAIN_HINT })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                size="lg"
                label={CLUB_TYPE}
                data-field="club_type_id"
                disabled={disabled}
                data={levels.map((level) => ({ value: String(level.id), label: level.name }))}
                value={String(form.getValues().club_type_id)}
                error={form.errors.club_type_id}
                onChange={(event) =>
                  form.setFieldValue('club_type_id', Number(event.currentTarget.value))
                }
                data-testid="club-type"
              />
              <NativeSelect
                size="lg"
                label={CLUB_PARENT}
                data-field="group_id"
                disabled={disabled}
                data={parentChoices}
                value={form.getValues().group_id === null ? '' : String(form.getValues().group_id)}
                error={form.errors.group_id}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  form.setFieldValue('group_id', value === '' ? null : Number(value));
                }}
                data-testid="club-parent"
              />
            </SimpleGrid>
          </ConsoleSection>
          <ConsoleSection title={CLUB_TEXTS_SECTION} testId="club-meetings-section">
            <Textarea
              size="lg"
              label={CLUB_MEETINGS_LABEL}
              rows={2}
              data-field="meetings"
              disabled={disabled}
              {...form.getInputProps('meetings')}
              data-testid="club-meetings"
            />
            <Textarea
              size="lg"
              label={CLUB_DESCRIPTION}
              rows={3}
              data-field="description"
              disabled={disabled}
              {...form.getInputProps('description')}
              data-testid="club-description"
            />
            <Textarea
              size="lg"
              label={CLUB_INTRODUCTION}
              description={CLUB_INTRODUCTION_HINT}
              rows={3}
              data-field="introduction"
              disabled={disabled}
              {...form.getInputProps('introduction')}
              data-testid="club-introduction"
            />
            <Checkbox
              size="md"
              label={CLUB_HIDE_STOCK}
              data-field="is_hiding_stock_introduction"
              disabled={disabled}
              {...form.getInputProps('is_hiding_stock_introduction', { type: 'checkbox' })}
              data-testid="club-hide-stock"
            />
          </ConsoleSection>
          <ConsoleSection title={CLUB_PLACE_SECTION} testId="club-place-section">
            {text('address1', CLUB_ADDRESS1)}
            {text('address2', CLUB_ADDRESS2)}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('city', CLUB_CITY)}
              {text('state', CLUB_STATE)}
              {text('zip', CLUB_ZIP)}
            </SimpleGrid>
            <NativeSelect
              size="lg"
              label={CLUB_TIME_ZONE}
              data-field="time_zone_id"
              disabled={disabled}
              data={TIME_ZONE_IDS.map((id) => ({ value: String(id), label: TIME_ZONE_LABELS[id] }))}
              value={String(form.getValues().time_zone_id)}
              onChange={(event) =>
                form.setFieldValue('time_zone_id', Number(event.currentTarget.value))
              }
              data-testid="club-time-zone"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {coordinate('lat', CLUB_LAT)}
              {coordinate('lng', CLUB_LNG)}
            </SimpleGrid>
            {text('map_url', CLUB_MAP_URL, { type: 'url' })}
            {text('default_url', CLUB_DEFAULT_URL, {
              type: 'url',
              description: CLUB_DEFAULT_URL_HINT,
            })}
          </ConsoleSection>
          {saved !== null ? (
            <Alert color="green" variant="light" role="status" data-testid="club-saved">
              <Group gap="md">
                <Text size="md">{CLUB_SAVED}</Text>
                <Anchor component={Link} to={`/clubs/${saved}`} size="md">
                  {VIEW_CLUB_PAGE}
                </Anchor>
              </Group>
            </Alert>
          ) : null}
          {editable ? (
            <Group justify="space-between">
              {subdomain !== null && saved === null ? (
                <Anchor component={Link} to={`/clubs/${subdomain}`} size="lg">
                  {VIEW_CLUB_PAGE}
                </Anchor>
              ) : (
                <span />
              )}
              <Button
                type="submit"
                size="lg"
                loading={saving.submitting}
                loaderProps={{ 'aria-label': SAVING }}
                data-testid="club-save"
              >
                {clubId === null ? CREATE_CLUB : SAVE_CLUB}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}

/** Closing, asked first in plain words: what leaves, what stays. */
function CloseClub({ club }: { club: ConsoleClubDetail }) {
  const [asking, setAsking] = useState(false);
  const close = useCloseClub(club.id);
  const [failed, setFailed] = useState(false);
  return (
    <ConsoleSection title={CLOSE_CLUB} testId="club-close-section">
      <Text size="lg">{CLOSE_CLUB_EXPLAINED}</Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="md">{CLOSE_FAILED}</Text>
        </Alert>
      ) : null}
      <Group>
        <Button color="red" size="lg" onClick={() => setAsking(true)} data-testid="club-close">
          {CLOSE_CLUB}
        </Button>
      </Group>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={closeClubQuestion(club.name)}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': KEEP_OPEN }}
      >
        <Stack gap="lg">
          <Text size="lg">{CLOSE_CLUB_EXPLAINED}</Text>
          <Group justify="flex-end" wrap="wrap-reverse">
            <Button variant="default" size="lg" onClick={() => setAsking(false)}>
              {KEEP_OPEN}
            </Button>
            <Button
              color="red"
              size="lg"
              loading={close.isPending}
              loaderProps={{ 'aria-label': CLOSING }}
              onClick={() => {
                setFailed(false);
                close.mutate(undefined, {
                  onSuccess: () => setAsking(false),
                  onError: () => {
                    setAsking(false);
                    setFailed(true);
                  },
                });
              }}
              data-testid="club-close-confirm"
            >
              {CONFIRM_CLOSE}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ConsoleSection>
  );
}
