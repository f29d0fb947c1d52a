import {
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type CSSProperties, type FormEvent } from 'react';
import {
  CHECK_STATUS,
  CHOOSE_AN_ORGANIZATION,
  LOADING_ORGANIZATIONS,
  MEMBER_NUMBER,
  NO_MATCHES,
  ORGANIZATION,
  ORGANIZATION_REQUIRED,
  SEARCHING_ERROR,
  SEARCHING_STATUS,
  STATUS_CHECKER_TITLE,
  STATUS_LABEL,
  STATUS_RESULTS,
  TITLE_LABEL,
  memberNumberLengthRule,
} from '../../../common/messages.ts';
import { memberNumberErrors, type MemberStatus } from '../../../common/schemas/member-status.ts';
import type { Organization } from '../../../common/schemas/organization.ts';
import { useCheckMemberStatus, useRecognizedOrganizations } from '../../api/member-status.ts';
import { BaseErrors, fieldErrorText } from '../../components/BaseErrors.tsx';
import { Loading } from '../../components/LoadStates.tsx';
import { isApiError } from '../../http/client.ts';
import { statusCardColours } from './status-colors.ts';
import classes from './StatusCheckerPage.module.css';

interface FormErrors {
  organization_id?: readonly string[];
  member_number?: readonly string[];
  base?: readonly string[];
}

/**
 * /status_checker (ROUTE-28, STAT-01..04, VAL-44..46, ERR-26, ERR-27): a member number and a
 * recognised organisation (AMB-07). The number takes digits only, and the chosen organisation's
 * length rule is shown and checked before anything is sent; the server checks the same rule
 * (common/schemas/member-status.ts). Results are cards in the status's colour; none is 'No
 * Matches'; a failure is 'Searching Error' above the form (its base field).
 */
export function StatusCheckerPage() {
  useDocumentTitle(`${STATUS_CHECKER_TITLE} – Lodgehall`);
  const organizations = useRecognizedOrganizations();
  const check = useCheckMemberStatus();
  const [organizationId, setOrganizationId] = useState('');
  const [memberNumber, setMemberNumber] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  const organization = organizations.data?.find((o) => String(o.id) === organizationId) ?? null;
  const rule = organization ? lengthRule(organization) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.isPending) return;
    const next: FormErrors = {};
    if (!organization) next.organization_id = [ORGANIZATION_REQUIRED];
    const numberErrors = memberNumberErrors(
      memberNumber,
      organization ? organization.member_status_criteria : null,
    );
    if (numberErrors.length > 0) next.member_number = numberErrors;
    setErrors(next);
    if (!organization || Object.keys(next).length > 0) {
      check.reset();
      return;
    }
    check.mutate(
      { organizationId: organization.id, memberNumber },
      { onError: (error) => setErrors(errorsOf(error)) },
    );
  };

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Title order={1}>{STATUS_CHECKER_TITLE}</Title>
        <form className={classes.form} onSubmit={submit} noValidate>
          <BaseErrors messages={errors.base} />
          {organizations.isPending ? (
            <Group gap="sm" mih={44}>
              <Loader size="sm" aria-hidden="true" />
              <Text size="md">{LOADING_ORGANIZATIONS}</Text>
            </Group>
          ) : (
            <NativeSelect
              size="lg"
              label={ORGANIZATION}
              data-field="organization_id"
              value={organizationId}
              onChange={(event) => {
                setOrganizationId(event.currentTarget.value);
                setErrors(({ organization_id: _cleared, ...rest }) => rest);
              }}
              data={[
                { value: '', label: CHOOSE_AN_ORGANIZATION, disabled: true },
                ...(organizations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
              ]}
              disabled={check.isPending}
              error={fieldErrorText(errors.organization_id)}
            />
          )}
          <TextInput
            size="lg"
            label={MEMBER_NUMBER}
            description={rule || undefined}
            data-field="member_number"
            name="member_number"
            autoComplete="off"
            inputMode="numeric"
            pattern="[0-9]*"
            value={memberNumber}
            // VAL-46: only digits go in; anything else typed or pasted is dropped.
            onChange={(event) => {
              setMemberNumber(event.currentTarget.value.replace(/[^0-9]/g, ''));
              setErrors(({ member_number: _cleared, ...rest }) => rest);
            }}
            disabled={check.isPending}
            error={fieldErrorText(errors.member_number)}
          />
          <Group>
            <Button
              type="submit"
              size="lg"
              leftSection={<IconSearch size={22} aria-hidden="true" />}
              loading={check.isPending}
            >
              {CHECK_STATUS}
            </Button>
          </Group>
        </form>
        {check.isPending ? <Loading label={SEARCHING_STATUS} testId="status-searching" /> : null}
        {check.isSuccess ? <Results statuses={check.data} /> : null}
      </Stack>
    </Container>
  );
}

function lengthRule(organization: Organization): string {
  const { minimum_length, maximum_length } = organization.member_status_criteria.member_number;
  return memberNumberLengthRule(minimum_length, maximum_length);
}

/** ERR-26: field errors under their fields; a limit says so; anything else 'Searching Error'. */
function errorsOf(error: unknown): FormErrors {
  if (isApiError(error) && error.isUnprocessableEntity && error.errors) {
    const organization = error.fieldErrors('organization_id');
    const number = error.fieldErrors('member_number');
    const base = error.fieldErrors('base');
    if (organization.length + number.length + base.length > 0) {
      return {
        ...(organization.length ? { organization_id: organization } : {}),
        ...(number.length ? { member_number: number } : {}),
        ...(base.length ? { base } : {}),
      };
    }
  }
  if (isApiError(error) && error.status === 429 && error.problemTitle) {
    return { base: [error.problemTitle] };
  }
  return { base: [SEARCHING_ERROR] };
}

function Results({ statuses }: { statuses: readonly MemberStatus[] }) {
  if (statuses.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="status-no-matches" role="status">
        <Text size="lg">{NO_MATCHES}</Text>
      </Paper>
    );
  }
  return (
    <section aria-labelledby="status-results-title">
      <Title order={2} id="status-results-title" mb="sm">
        {STATUS_RESULTS}
      </Title>
      <ul className={classes.results} data-testid="status-results">
        {statuses.map((status) => (
          <li key={`${status.organization_name}-${status.number}`}>
            <StatusCard status={status} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function StatusCard({ status }: { status: MemberStatus }) {
  const colours = statusCardColours(status.color);
  const style = {
    '--status-colour': status.color,
    ...(colours
      ? { '--status-background': colours.background, '--status-text': colours.text }
      : {}),
  } as CSSProperties;
  return (
    <article className={classes.card} style={style} data-testid="status-card">
      <h3 className={classes.name}>{status.name}</h3>
      <dl className={classes.facts}>
        <dt>{MEMBER_NUMBER}</dt>
        <dd data-testid="status-number">{status.number}</dd>
        {status.title ? (
          <>
            <dt>{TITLE_LABEL}</dt>
            <dd data-testid="status-title">{status.title}</dd>
          </>
        ) : null}
        <dt>{STATUS_LABEL}</dt>
        <dd data-testid="status-status">{capitalised(status.status)}</dd>
        <dt>{ORGANIZATION}</dt>
        <dd data-testid="status-organization">{status.organization_name}</dd>
      </dl>
    </article>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
