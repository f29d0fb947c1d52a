import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ALERT_TITLE,
  BIRTH_DATE_HINT,
  BIRTH_DATE_LABEL,
  CANCEL,
  CHOOSE_ORGANIZATION_PLACEHOLDER,
  CODE_HINT,
  CODE_LABEL,
  CODE_NO_LONGER_WORKS,
  codeSentTo,
  CONFIRM_NEW_PASSWORD_LABEL,
  CONFIRM_PASSWORD_LABEL,
  CONTACT_METHOD_HINT,
  CONTACT_METHOD_LABEL,
  contactClubWithoutPhone,
  contactClubWithPhone,
  CREATE_ACCOUNT_BUTTON,
  FLOW_RESTARTED,
  FLOW_STEP_FAILED,
  LOADING_ORGANIZATIONS,
  MEMBER_NUMBER,
  MEMBER_NUMBER_HINT,
  MEMBERSHIP_INTRO,
  NEW_PASSWORD_LABEL,
  NEXT,
  NO_ORGANIZATIONS,
  ORGANIZATION,
  PASSWORD_HINT,
  PASSWORD_LABEL,
  REGISTER_TITLE,
  RESET_TITLE,
  SAVE_PASSWORD_BUTTON,
  STEP_ACCOUNT,
  STEP_CODE,
  STEP_CONTACT,
  STEP_MEMBERSHIP,
  STEP_NEW_PASSWORD,
  stepOf,
  tooManyAttempts,
  USERNAME_HINT,
  USERNAME_LABEL,
} from '../../../common/messages.ts';
import { formatPhone, telHref } from '../../../common/phone.ts';
import type { AuthenticationOption, ClubContact } from '../../../common/schemas/registration.ts';
import { membershipFlowApi, type FlowKind } from '../../api/membership-flow.ts';
import { useOrganizations } from '../../api/organizations.ts';
import { AFTER_REGISTRATION, establishSession, prepareSessionKeys } from '../../api/session.ts';
import { BaseErrors, fieldErrorText } from '../../components/BaseErrors.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { loadPasswordStrength } from '../../components/password-strength-loader.ts';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter.tsx';
import { HOME_PATH, SIGN_IN_PATH } from '../../paths.ts';
import { BirthDateInput } from './BirthDateInput.tsx';
import classes from './MembershipFlow.module.css';
import {
  flowErrorAction,
  type FlowErrorAction,
  type FlowField,
  type FlowFieldErrors,
  type FlowStep,
} from './flow-errors.ts';
import {
  EMPTY_FLOW_VALUES,
  stepHasErrors,
  validateCodeStep,
  validateContactStep,
  validateMembershipStep,
  validatePasswordStep,
  type FlowValues,
} from './flow-validation.ts';

/**
 * The four-step wizard shared by registration (/register) and password reset
 * (/forgot_password) (§2, REG-01..13, VAL-12..21, ERR-43..54, AMB-19, AMB-37, AMB-38):
 * 1. organisation, member number and birth date; 2. where to send the code; 3. the six-digit
 * code; 4. a new password (reset) or a username and password (registration). Step four signs
 * the member in and the guard takes them to / and on to /news. The steps live in memory only:
 * a reload starts again at step 1 (AMB-38).
 */

const TOTAL_STEPS = 4;

type Notice =
  | { kind: 'banner'; messages: string[] }
  | { kind: 'notReachable'; title: string; contact: ClubContact | null }
  | { kind: 'message'; text: string }
  | { kind: 'limited'; retryAfterSeconds: number | null }
  | { kind: 'restarted' };

const FIELD_ORDER: readonly FlowField[] = [
  'organization_id',
  'member_number',
  'birth_date',
  'contact',
  'code',
  'username',
  'password',
  'password_confirmation',
];

function stepHeading(kind: FlowKind, step: FlowStep): string {
  switch (step) {
    case 1:
      return STEP_MEMBERSHIP;
    case 2:
      return STEP_CONTACT;
    case 3:
      return STEP_CODE;
    case 4:
      return kind === 'register' ? STEP_ACCOUNT : STEP_NEW_PASSWORD;
  }
}

function submitLabel(kind: FlowKind, step: FlowStep): string {
  if (step < 4) return NEXT;
  return kind === 'register' ? CREATE_ACCOUNT_BUTTON : SAVE_PASSWORD_BUTTON;
}

/** ERR-46..48: the problem's title, and whom to call when the server names someone. */
function NotReachable({ title, contact }: { title: string; contact: ClubContact | null }) {
  const phone = contact?.phone?.trim() ?? '';
  let contactLine: ReactNode = null;
  if (contact !== null && phone === '') {
    contactLine = <Text size="md">{contactClubWithoutPhone(contact.name)}</Text>;
  } else if (contact !== null) {
    // The spec's sentence, with the number as a tap-to-call link (ERR-47, CONST-35).
    const shown = formatPhone(phone);
    const [before = '', after = ''] = contactClubWithPhone(contact.name, shown).split(shown);
    contactLine = (
      <Text size="md">
        {before}
        <Anchor href={telHref(phone)} fw={700} style={{ whiteSpace: 'nowrap' }}>
          {shown}
        </Anchor>
        {after}
      </Text>
    );
  }
  return (
    <BaseErrors title={title} testId="not-reachable">
      {contactLine}
    </BaseErrors>
  );
}

function NoticeView({ notice }: { notice: Notice }) {
  switch (notice.kind) {
    case 'notReachable':
      return <NotReachable title={notice.title} contact={notice.contact} />;
    case 'restarted':
      return (
        <Alert
          color="yellow"
          variant="light"
          role="alert"
          icon={<IconInfoCircle size={24} aria-hidden="true" />}
        >
          <Text size="md">{FLOW_RESTARTED}</Text>
        </Alert>
      );
    case 'banner':
      return <BaseErrors messages={notice.messages} />;
    case 'message':
      return <BaseErrors messages={[notice.text]} />;
    case 'limited':
      return <BaseErrors messages={[tooManyAttempts(notice.retryAfterSeconds)]} />;
  }
}

export function MembershipFlow({ kind }: { kind: FlowKind }) {
  const title = kind === 'register' ? REGISTER_TITLE : RESET_TITLE;
  useDocumentTitle(`${title} – Lodgehall`);
  const navigate = useNavigate();
  const organizations = useOrganizations();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<FlowStep>(1);
  const [values, setValues] = useState<FlowValues>(EMPTY_FLOW_VALUES);
  const [options, setOptions] = useState<AuthenticationOption[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FlowFieldErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef(step);
  const noOrganizationsShown = useRef(false);

  // REG-04: no organisations, or the list failed: the modal, then sign-in.
  const organizationList = organizations.data;
  const noOrganizations =
    organizations.isError || (organizationList !== undefined && organizationList.length === 0);
  useEffect(() => {
    if (!noOrganizations || noOrganizationsShown.current) return;
    noOrganizationsShown.current = true;
    showOkDialog({
      title: ALERT_TITLE,
      content: NO_ORGANIZATIONS,
      onClose: () => void navigate(SIGN_IN_PATH, { replace: true }),
    });
  }, [noOrganizations, navigate]);

  // With a single organisation there is nothing to choose; an invitation's link chooses it
  // (`?organization_id=`, issue 23 D69) when the list holds it.
  const onlyOrganization = organizationList?.length === 1 ? organizationList[0] : undefined;
  const invitedTo = organizationList?.find(
    (organization) => String(organization.id) === searchParams.get('organization_id'),
  );
  const chosenAtStart = onlyOrganization ?? (kind === 'register' ? invitedTo : undefined);
  const organizationId =
    values.organizationId === '' && chosenAtStart
      ? String(chosenAtStart.id)
      : values.organizationId;

  // A new step puts focus on its heading, so a screen reader says where the member is.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const set = (field: keyof FlowValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const focusFirstError = (found: FlowFieldErrors) => {
    const first = FIELD_ORDER.find((field) => (found[field]?.length ?? 0) > 0);
    if (!first) return;
    requestAnimationFrame(() => {
      const element = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      element?.focus();
    });
  };

  const showClientErrors = (found: FlowFieldErrors): boolean => {
    if (!stepHasErrors(found)) return false;
    setErrors(found);
    focusFirstError(found);
    return true;
  };

  const restart = (withNotice: boolean) => {
    setStep(1);
    setOptions([]);
    setSentTo(null);
    setValues((current) => ({
      ...EMPTY_FLOW_VALUES,
      organizationId: current.organizationId,
      memberNumber: current.memberNumber,
      birthDate: current.birthDate,
    }));
    setErrors({});
    setNotice(withNotice ? { kind: 'restarted' } : null);
  };

  const apply = (action: FlowErrorAction) => {
    switch (action.kind) {
      case 'fields':
        setErrors(action.errors);
        focusFirstError(action.errors);
        return;
      case 'banner':
        setNotice({ kind: 'banner', messages: action.messages });
        return;
      case 'notReachable':
        setNotice({ kind: 'notReachable', title: action.title, contact: action.contact });
        return;
      case 'message':
        setNotice({ kind: 'message', text: action.text });
        return;
      case 'limited':
        setNotice({ kind: 'limited', retryAfterSeconds: action.retryAfterSeconds });
        return;
      case 'refreshOptions':
        setOptions(action.options);
        set('contact', action.options[0]?.key ?? '');
        setErrors(action.errors);
        return;
      case 'none':
        return;
      case 'restart':
        restart(true);
        return;
      case 'restartHome':
        restart(false);
        showOkDialog({ title: ALERT_TITLE, content: CODE_NO_LONGER_WORKS });
        void navigate(HOME_PATH);
        return;
    }
  };

  const api = membershipFlowApi(kind);

  const runStep = async (): Promise<void> => {
    switch (step) {
      case 1: {
        const checked = validateMembershipStep({ ...values, organizationId });
        if (checked.errors) {
          showClientErrors(checked.errors);
          return;
        }
        setSubmitting(true);
        const found = await api.stepOne(checked.proof);
        if (found.length === 0) {
          setNotice({ kind: 'message', text: FLOW_STEP_FAILED });
          return;
        }
        setOptions(found);
        setValues((current) => ({
          ...current,
          organizationId,
          memberNumber: checked.proof.member_number,
          contact: found.length === 1 ? (found[0]?.key ?? '') : '',
        }));
        setStep(2);
        return;
      }
      case 2: {
        if (showClientErrors(validateContactStep(values))) return;
        setSubmitting(true);
        setSentTo(await api.stepTwo(values.contact));
        setStep(3);
        return;
      }
      case 3: {
        if (showClientErrors(validateCodeStep(values))) return;
        setSubmitting(true);
        await api.stepThree(values.code.trim());
        setStep(4);
        return;
      }
      case 4: {
        setSubmitting(true);
        const strength = await loadPasswordStrength();
        if (showClientErrors(validatePasswordStep(kind, values, strength))) return;
        const keys = await prepareSessionKeys();
        const answer = await api.stepFour({
          code: values.code.trim(),
          username: values.username.trim(),
          password: values.password.trim(),
          passwordConfirmation: values.passwordConfirmation.trim(),
          publicKey: keys.publicKeyBase64,
        });
        // REG-11: signed in; the guard goes on to / and so to /news.
        await establishSession(keys, answer, AFTER_REGISTRATION);
        return;
      }
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setErrors({});
    setNotice(null);
    try {
      await runStep();
    } catch (error) {
      apply(flowErrorAction(kind, step, error));
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = () => {
    void navigate(HOME_PATH);
  };

  let fields: ReactNode;
  switch (step) {
    case 1:
      fields = (
        <>
          <Text size="md">{MEMBERSHIP_INTRO}</Text>
          {organizationList === undefined && !organizations.isError ? (
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
              onChange={(event) => set('organizationId', event.currentTarget.value)}
              data={[
                { value: '', label: CHOOSE_ORGANIZATION_PLACEHOLDER, disabled: true },
                ...(organizationList ?? []).map((organization) => ({
                  value: String(organization.id),
                  label: organization.name,
                })),
              ]}
              disabled={submitting}
              error={fieldErrorText(errors.organization_id)}
            />
          )}
          <TextInput
            label={MEMBER_NUMBER}
            description={MEMBER_NUMBER_HINT}
            data-field="member_number"
            name="member_number"
            autoComplete="off"
            value={values.memberNumber}
            onChange={(event) => set('memberNumber', event.currentTarget.value)}
            disabled={submitting}
            error={fieldErrorText(errors.member_number)}
          />
          <BirthDateInput
            size="lg"
            label={BIRTH_DATE_LABEL}
            description={BIRTH_DATE_HINT}
            autoComplete="bday"
            data-field="birth_date"
            name="birth_date"
            defaultValue={values.birthDate}
            onChangeRaw={(_raw, masked) => set('birthDate', masked)}
            disabled={submitting}
            error={fieldErrorText(errors.birth_date)}
          />
        </>
      );
      break;
    case 2:
      fields = (
        <Radio.Group
          label={CONTACT_METHOD_LABEL}
          description={CONTACT_METHOD_HINT}
          value={values.contact}
          onChange={(value) => set('contact', value)}
          error={fieldErrorText(errors.contact)}
          size="lg"
        >
          <Stack gap="sm" mt="sm">
            {options.map((option, index) => (
              <Radio.Card
                key={option.key}
                value={option.key}
                radius="md"
                p="md"
                className={classes.card}
                disabled={submitting}
                data-field={index === 0 ? 'contact' : undefined}
              >
                <Group wrap="nowrap" gap="md">
                  <Radio.Indicator size="md" className={classes.indicator} />
                  <Text size="md" style={{ overflowWrap: 'anywhere' }}>
                    {option.label}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case 3:
      fields = (
        <>
          {sentTo ? <Text size="md">{codeSentTo(sentTo)}</Text> : null}
          <TextInput
            label={CODE_LABEL}
            description={CODE_HINT}
            data-field="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            styles={{ input: { fontSize: '1.5rem', letterSpacing: '0.3em', maxWidth: 240 } }}
            value={values.code}
            onChange={(event) => set('code', event.currentTarget.value.replace(/\D/g, ''))}
            disabled={submitting}
            error={fieldErrorText(errors.code)}
          />
        </>
      );
      break;
    case 4:
      fields = (
        <>
          {kind === 'register' ? (
            <TextInput
              label={USERNAME_LABEL}
              description={USERNAME_HINT}
              data-field="username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={values.username}
              onChange={(event) => set('username', event.currentTarget.value)}
              disabled={submitting}
              error={fieldErrorText(errors.username)}
            />
          ) : null}
          <Box>
            <PasswordInput
              label={kind === 'register' ? PASSWORD_LABEL : NEW_PASSWORD_LABEL}
              description={PASSWORD_HINT}
              field="password"
              autoComplete="new-password"
              value={values.password}
              onValueChange={(value) => set('password', value)}
              disabled={submitting}
              error={fieldErrorText(errors.password)}
            />
            <Box mt="sm">
              <PasswordStrengthMeter
                password={values.password}
                userInputs={kind === 'register' && values.username.trim() ? [values.username] : []}
              />
            </Box>
          </Box>
          <PasswordInput
            label={kind === 'register' ? CONFIRM_PASSWORD_LABEL : CONFIRM_NEW_PASSWORD_LABEL}
            field="password_confirmation"
            autoComplete="new-password"
            value={values.passwordConfirmation}
            onValueChange={(value) => set('passwordConfirmation', value)}
            disabled={submitting}
            error={fieldErrorText(errors.password_confirmation)}
          />
        </>
      );
      break;
  }

  return (
    <Container size={600} px="md" py={{ base: 24, sm: 40 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>{title}</Title>
            <Text size="md" fw={700} c="lodge.9" data-testid="flow-step">
              {stepOf(step, TOTAL_STEPS)}
            </Text>
            <Progress value={(step / TOTAL_STEPS) * 100} size="md" radius="xl" aria-hidden="true" />
          </Stack>
          <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {stepHeading(kind, step)}
          </Title>
          {notice ? <NoticeView notice={notice} /> : null}
          <BaseErrors messages={errors.base} />
          <form
            ref={formRef}
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-busy={submitting}
            // Step one keeps its MaskInput uncontrolled: a new key restores it after a restart.
            key={step}
          >
            <Stack gap="lg">
              {fields}
              <Stack gap="sm" mt="xs">
                <Button type="submit" fullWidth loading={submitting} disabled={noOrganizations}>
                  {submitLabel(kind, step)}
                </Button>
                <Button variant="default" fullWidth onClick={cancel} disabled={submitting}>
                  {CANCEL}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}
