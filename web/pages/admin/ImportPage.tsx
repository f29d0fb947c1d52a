import {
  Alert,
  Box,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileCheck, IconUpload } from '@tabler/icons-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROSTER_IMPORT_MAX_BODY_BYTES } from '../../../common/schemas/console.ts';
import type { ConsoleOrganization, RosterImport } from '../../../common/schemas/console.ts';
import { useRosterImport, useStartRosterImport, type ConsoleScope } from '../../api/console.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { isApiError } from '../../http/client.ts';
import { CONSOLE_MEMBERS_PATH } from '../../paths.ts';
import {
  CHECK_ANOTHER,
  CHECK_FILE,
  CHECKING,
  CHOOSE_FILE,
  CLEAR_FILE,
  CHOOSE_FILE_HINT,
  CHOOSE_FILE_PLACEHOLDER,
  COLUMN_COLUMN,
  COLUMN_LINE,
  COLUMN_PROBLEM,
  COUNT_ADDED,
  COUNT_UNCHANGED,
  COUNT_UPDATED,
  COUNT_UPDATED_DONE,
  COUNTS_CAPTION,
  COUNTS_DONE_CAPTION,
  FILE_EMPTY,
  FILE_REFUSED,
  FILE_REQUIRED,
  FILE_TOO_LARGE,
  IMPORT_BLOCKED,
  IMPORT_DONE,
  IMPORT_HOW,
  IMPORT_HOW_TITLE,
  IMPORT_NOT_DONE,
  IMPORT_OPTIONAL,
  IMPORT_REQUIRED,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_START_FAILED,
  IMPORT_TIP,
  IMPORT_TITLE,
  importButton,
  IMPORTING,
  NOTHING_TO_IMPORT,
  OPEN_ROSTER,
  PROGRESS_LABEL,
  progressText,
  ROW_ERRORS_CAPTION,
  ROW_ERRORS_HELP,
  rowErrorsTitle,
  STEP_CHECK,
  STEP_RESULT,
} from '../../../common/messages.ts';
import {
  ConsoleScreen,
  ConsoleSection,
  OrganizationPicker,
  ORGANIZATION_PARAM,
  SCROLL_INSIDE,
} from './ConsoleScreen.tsx';

/**
 * Why the server would not start a job, in its own words where it gave some (a 409 while
 * another import of the organisation runs, a 413 for a body over the limit, a 422's messages).
 */
export function importStartError(error: unknown): string[] {
  if (!isApiError(error) || error.kind === 'network') return [IMPORT_START_FAILED];
  if (error.status === 413) return [FILE_TOO_LARGE];
  const messages = Object.values(error.errors ?? {}).flat();
  if (messages.length > 0) return messages;
  if (error.status === 409 && error.problemTitle) return [error.problemTitle];
  return [IMPORT_START_FAILED];
}

/** The members an import would write: those added or changed (unchanged ones cost nothing). */
export function membersToImport(check: RosterImport): number {
  return check.added + check.updated;
}

/**
 * /admin/import (issue 23): a CSV file is first checked (a dry run the server reads in the
 * background while a progress bar follows it), its counts and every row error shown; only a
 * check without errors offers the import itself, which reads the file again and writes it.
 */
export function ImportPage() {
  return (
    <ConsoleScreen title={IMPORT_TITLE}>
      {(scope, organization) => (
        <Stack gap="lg">
          <Title order={1}>{IMPORT_TITLE}</Title>
          {organization === null ? null : <Importer scope={scope} organization={organization} />}
        </Stack>
      )}
    </ConsoleScreen>
  );
}

function Importer({
  scope,
  organization,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  // The check's job and, once asked for, the import's.
  const [checkId, setCheckId] = useState<number | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const start = useStartRosterImport();
  const check = useRosterImport(checkId);
  const run = useRosterImport(importId);

  const send = async (dryRun: boolean) => {
    if (file === null) {
      setFileError(FILE_REQUIRED);
      return;
    }
    // The server refuses a body over the limit anyway; saying so here spares the upload.
    if (file.size > ROSTER_IMPORT_MAX_BODY_BYTES) {
      setFileError(FILE_TOO_LARGE);
      return;
    }
    const csv = await file.text();
    if (csv.trim() === '') {
      setFileError(FILE_EMPTY);
      return;
    }
    setFileError(undefined);
    start.mutate(
      { organization_id: organization.id, dry_run: dryRun, csv },
      { onSuccess: (job) => (dryRun ? setCheckId(job.id) : setImportId(job.id)) },
    );
  };

  const choose = (next: File | null) => {
    setFile(next);
    setFileError(undefined);
    setCheckId(null);
    setImportId(null);
    start.reset();
  };

  const checked = check.data;
  const imported = run.data;
  const busy = start.isPending || checked?.state === 'running' || imported?.state === 'running';

  return (
    <Stack gap="lg">
      <FormatHelp />
      <ConsoleSection title={STEP_CHECK} testId="import-step-check">
        <OrganizationPicker scope={scope} organization={organization} />
        <FileInput
          size="lg"
          label={CHOOSE_FILE}
          description={CHOOSE_FILE_HINT}
          placeholder={CHOOSE_FILE_PLACEHOLDER}
          // Mantine's placeholder grey is under 4.5:1 on white.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          accept=".csv,text/csv"
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': CLEAR_FILE }}
          disabled={busy}
          leftSection={<IconUpload size={20} aria-hidden="true" />}
          data-testid="import-file"
          fileInputProps={{ 'data-testid': 'import-file-input' } as ComponentProps<'input'>}
        />
        <Group>
          <Button
            size="lg"
            leftSection={<IconFileCheck size={22} aria-hidden="true" />}
            loading={start.isPending && importId === null && checkId === null}
            disabled={busy}
            onClick={() => void send(true)}
            data-testid="import-check"
          >
            {CHECK_FILE}
          </Button>
        </Group>
        <BaseErrors
          messages={start.isError ? importStartError(start.error) : []}
          testId="import-failed"
        />
      </ConsoleSection>
      {checked && imported === undefined ? (
        <ConsoleSection title={STEP_RESULT} testId="import-step-result">
          <JobView job={checked} runningLabel={CHECKING} countsCaption={COUNTS_CAPTION}>
            <ImportAction
              check={checked}
              busy={busy}
              onImport={() => void send(false)}
              onAgain={() => choose(null)}
            />
          </JobView>
        </ConsoleSection>
      ) : null}
      {imported ? (
        <ConsoleSection title={IMPORT_TITLE} testId="import-step-done">
          <JobView job={imported} runningLabel={IMPORTING} countsCaption={COUNTS_DONE_CAPTION}>
            {imported.committed ? (
              <Stack gap="md">
                <Alert
                  color="green"
                  variant="light"
                  icon={<IconCircleCheck size={24} aria-hidden="true" />}
                  role="status"
                  data-testid="import-done"
                >
                  <Text size="lg" fw={700}>
                    {IMPORT_DONE}
                  </Text>
                </Alert>
                <Group>
                  <Button
                    component={Link}
                    to={`${CONSOLE_MEMBERS_PATH}?${ORGANIZATION_PARAM}=${organization.id}`}
                    size="lg"
                  >
                    {OPEN_ROSTER}
                  </Button>
                  <Button size="lg" variant="default" onClick={() => choose(null)}>
                    {CHECK_ANOTHER}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Text size="lg" fw={700} data-testid="import-not-done">
                {IMPORT_NOT_DONE}
              </Text>
            )}
          </JobView>
        </ConsoleSection>
      ) : null}
    </Stack>
  );
}

function FormatHelp() {
  return (
    <ConsoleSection title={IMPORT_HOW_TITLE} testId="import-help">
      <List size="lg" spacing="xs">
        {IMPORT_HOW.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="lg" fw={700}>
        {IMPORT_REQUIRED}
      </Text>
      <List size="lg" spacing="xs">
        {IMPORT_REQUIRED_COLUMNS.map((column) => (
          <List.Item key={column.name}>
            <Code fz="md">{column.name}</Code>: {column.text}
          </List.Item>
        ))}
      </List>
      <Text size="md">{IMPORT_OPTIONAL}</Text>
      <Text size="md">{IMPORT_TIP}</Text>
    </ConsoleSection>
  );
}

/** A job's progress while it runs; then the refusal, or the counts and every row error. */
function JobView({
  job,
  runningLabel,
  countsCaption,
  children,
}: {
  job: RosterImport;
  runningLabel: string;
  countsCaption: string;
  children: ReactNode;
}) {
  if (job.state === 'running') {
    const percent = job.total_rows > 0 ? (100 * job.processed_rows) / job.total_rows : 0;
    return (
      <Stack gap="xs" data-testid="import-progress">
        <Text size="lg" fw={700} role="status">
          {runningLabel}
        </Text>
        <Progress
          size="xl"
          value={percent}
          animated
          aria-label={PROGRESS_LABEL}
          aria-valuetext={progressText(job.processed_rows, job.total_rows)}
        />
        <Text size="md">{progressText(job.processed_rows, job.total_rows)}</Text>
      </Stack>
    );
  }
  if (job.state === 'failed' || job.failure !== null) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={24} aria-hidden="true" />}
        title={FILE_REFUSED}
        data-testid="import-refused"
      >
        <Text size="lg">{job.failure}</Text>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Counts job={job} caption={countsCaption} />
      {job.errors.length > 0 ? <RowErrors job={job} /> : null}
      {children}
    </Stack>
  );
}

function Counts({ job, caption }: { job: RosterImport; caption: string }) {
  return (
    <Table
      fz="lg"
      verticalSpacing="xs"
      captionSide="top"
      withRowBorders={false}
      w="auto"
      data-testid="import-counts"
    >
      <Table.Caption style={{ textAlign: 'left', fontWeight: 700 }}>{caption}</Table.Caption>
      <Table.Tbody>
        {(
          [
            [COUNT_ADDED, job.added],
            [job.committed ? COUNT_UPDATED_DONE : COUNT_UPDATED, job.updated],
            [COUNT_UNCHANGED, job.unchanged],
          ] as const
        ).map(([label, count]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400} ta="left" pl={0}>
              {label}
            </Table.Th>
            <Table.Td fw={700} ta="right">
              {count.toLocaleString('en-US')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RowErrors({ job }: { job: RosterImport }) {
  const titleId = useId();
  return (
    <Stack gap="sm" data-testid="import-errors">
      <Title order={3} id={titleId} c="red.9">
        {rowErrorsTitle(job.errors.length)}
      </Title>
      <Text size="lg">{ROW_ERRORS_HELP}</Text>
      <Box style={SCROLL_INSIDE} tabIndex={0} role="region" aria-labelledby={titleId}>
        <Table striped fz="md" verticalSpacing="xs" captionSide="top">
          <Table.Caption>{ROW_ERRORS_CAPTION}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{COLUMN_LINE}</Table.Th>
              <Table.Th scope="col">{COLUMN_COLUMN}</Table.Th>
              <Table.Th scope="col">{COLUMN_PROBLEM}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.errors.map((error, index) => (
              <Table.Tr key={`${error.line}-${error.column}-${index}`} data-testid="import-error">
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>
                  <Code fz="md">{error.column}</Code>
                </Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

/** "Import N members": possible only after a clean check that would change something. */
function ImportAction({
  check,
  busy,
  onImport,
  onAgain,
}: {
  check: RosterImport;
  busy: boolean;
  onImport: () => void;
  onAgain: () => void;
}) {
  const hintId = useId();
  const count = membersToImport(check);
  if (check.errors.length === 0 && count === 0) {
    return (
      <Stack gap="md">
        <Text size="lg" data-testid="import-nothing">
          {NOTHING_TO_IMPORT}
        </Text>
        <Group>
          <Button size="lg" variant="default" onClick={onAgain}>
            {CHECK_ANOTHER}
          </Button>
        </Group>
      </Stack>
    );
  }
  const blocked = check.errors.length > 0;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          size="lg"
          color="green"
          disabled={blocked || busy}
          loading={busy}
          aria-describedby={blocked ? hintId : undefined}
          onClick={onImport}
          data-testid="import-commit"
        >
          {importButton(count)}
        </Button>
      </Group>
      {blocked ? (
        <Text size="md" id={hintId}>
          {IMPORT_BLOCKED}
        </Text>
      ) : null}
    </Stack>
  );
}
