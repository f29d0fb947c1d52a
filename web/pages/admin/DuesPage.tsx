import {
  Alert,
  Box,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../common/money.ts';
import { DUES_REPORT_FILTERS, type DuesReportRow } from '../../../common/schemas/console-dues.ts';
import type { ConsoleClub } from '../../../common/schemas/console.ts';
import {
  fetchDuesCsv,
  useBillDues,
  useDuesReport,
  useSetDuesRate,
  type DuesReportFilters,
} from '../../api/console-dues.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { LoadFailed, Loading, LoadMore } from '../../components/LoadStates.tsx';
import { saveTextFile } from '../../components/save-text-file.ts';
import { ApiError } from '../../http/client.ts';
import {
  BILL_MEMBERS,
  COLUMN_ACTIONS,
  COLUMN_ARREARS,
  COLUMN_DUES_NAME,
  COLUMN_DUES_NUMBER,
  COLUMN_OWES,
  DOWNLOAD_DUES,
  DOWNLOADING,
  DUES_AMOUNT_TITLE,
  DUES_CAPTION,
  DUES_DOWNLOAD_FAILED,
  DUES_EMPTY,
  DUES_LOAD_FAILED,
  DUES_LODGE,
  DUES_NO_AMOUNT,
  DUES_SHOW,
  DUES_SHOW_ALL,
  DUES_SHOW_OWES,
  DUES_SHOW_PAID,
  DUES_TITLE,
  DUES_YEAR,
  LOADING_DUES,
  NOT_BILLED,
  NOTHING_OWED,
  PAID,
  RECORD_PAYMENT,
  SAVE_AMOUNT,
  SCROLL_HINT,
  amountSaved,
  billExplained,
  billed,
  columnYear,
  duesAmountLabel,
  duesTotals,
  owesYear,
  recordPaymentFor,
} from '../../../common/messages.ts';
import { ConsoleScreen, OrganizationPicker, SCROLL_INSIDE } from './ConsoleScreen.tsx';
import { DuesPaymentDialog } from './DuesPaymentDialog.tsx';

const SHOW_TEXT = { all: DUES_SHOW_ALL, owes: DUES_SHOW_OWES, paid: DUES_SHOW_PAID } as const;

/** The years the picker offers: next year and the five before this one. */
export function duesYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 7 }, (_, index) => year + 1 - index);
}

/**
 * /admin/dues (issue 23, D70): a lodge's dues for a year — the amount, billing it, who has
 * paid and who owes (a page of 100 at a time, "Load More" for a grand lodge's thousands), a
 * payment taken in person per member, and the spreadsheet. The lodge, year and choice live in
 * the address.
 */
export function DuesPage() {
  return (
    <ConsoleScreen title={DUES_TITLE}>
      {(scope, organization) => (
        <Stack gap="lg">
          <Title order={1}>{DUES_TITLE}</Title>
          <OrganizationPicker scope={scope} organization={organization} />
          <Dues clubs={scope.clubs.filter((club) => club.organization_id === organization?.id)} />
        </Stack>
      )}
    </ConsoleScreen>
  );
}

function Dues({ clubs }: { clubs: ConsoleClub[] }) {
  const [params, setParams] = useSearchParams();
  const years = duesYears();
  const club = clubs.find((c) => String(c.id) === params.get('club_id')) ?? clubs[0];
  const year = years.find((y) => String(y) === params.get('year')) ?? years[1] ?? 0;
  const show = DUES_REPORT_FILTERS.find((s) => s === params.get('show')) ?? 'all';
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  if (!club) return <Text size="lg">{DUES_EMPTY}</Text>;
  const filters: DuesReportFilters = { club_id: club.id, year, show };
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NativeSelect
          size="lg"
          label={DUES_LODGE}
          value={String(club.id)}
          onChange={(event) => setParam('club_id', event.currentTarget.value)}
          data={clubs.map((c) => ({ value: String(c.id), label: c.name }))}
          data-testid="dues-club"
        />
        <NativeSelect
          size="lg"
          label={DUES_YEAR}
          value={String(year)}
          onChange={(event) => setParam('year', event.currentTarget.value)}
          data={years.map(String)}
          data-testid="dues-year"
        />
        <NativeSelect
          size="lg"
          label={DUES_SHOW}
          value={show}
          onChange={(event) => setParam('show', event.currentTarget.value)}
          data={DUES_REPORT_FILTERS.map((value) => ({ value, label: SHOW_TEXT[value] }))}
          data-testid="dues-show"
        />
      </SimpleGrid>
      <DuesReport key={`${club.id}-${year}-${show}`} filters={filters} />
    </Stack>
  );
}

function DuesReport({ filters }: { filters: DuesReportFilters }) {
  const report = useDuesReport(filters);
  const hintId = useId();
  const [paying, setPaying] = useState<DuesReportRow | null>(null);
  if (report.isPending) return <Loading label={LOADING_DUES} testId="dues-loading" />;
  if (report.isError) {
    return (
      <LoadFailed
        title={DUES_LOAD_FAILED}
        retrying={report.isFetching}
        onRetry={() => void report.refetch()}
      />
    );
  }
  const first = report.data.pages[0];
  const rows = report.data.pages.flatMap((page) => page.members);
  return (
    <Stack gap="lg">
      <AmountSection
        key={`${filters.club_id}-${filters.year}-${first?.amount_cents ?? ''}`}
        clubId={filters.club_id}
        year={filters.year}
        amountCents={first?.amount_cents ?? null}
      />
      {first ? (
        <Text size="lg" fw={700} data-testid="dues-totals">
          {duesTotals(first.totals)}
        </Text>
      ) : null}
      <DownloadDues filters={filters} />
      {rows.length === 0 ? (
        <Text size="lg" data-testid="dues-empty">
          {DUES_EMPTY}
        </Text>
      ) : (
        <>
          <Text size="md" c="gray.7" hiddenFrom="md" id={hintId}>
            {SCROLL_HINT}
          </Text>
          <Box
            style={SCROLL_INSIDE}
            tabIndex={0}
            aria-describedby={hintId}
            aria-label={DUES_CAPTION}
            role="region"
          >
            <Table
              miw={720}
              striped
              verticalSpacing="sm"
              fz="md"
              captionSide="top"
              data-testid="dues-table"
            >
              <Table.Caption style={{ textAlign: 'left' }}>{DUES_CAPTION}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COLUMN_DUES_NAME}</Table.Th>
                  <Table.Th scope="col">{COLUMN_DUES_NUMBER}</Table.Th>
                  <Table.Th scope="col">{columnYear(filters.year)}</Table.Th>
                  <Table.Th scope="col">{COLUMN_ARREARS}</Table.Th>
                  <Table.Th scope="col">{COLUMN_OWES}</Table.Th>
                  <Table.Th scope="col">{COLUMN_ACTIONS}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.party_id} data-testid="dues-row">
                    <Table.Th scope="row">{row.display_name}</Table.Th>
                    <Table.Td>{row.member_number ?? ''}</Table.Td>
                    <Table.Td>
                      {row.year_amount_cents === null
                        ? NOT_BILLED
                        : row.year_paid
                          ? PAID
                          : owesYear(row.year_amount_cents)}
                    </Table.Td>
                    <Table.Td>
                      {row.arrears_years.length === 0
                        ? NOTHING_OWED
                        : `${row.arrears_years.join(', ')}: ${formatCents(row.arrears_cents)}`}
                    </Table.Td>
                    <Table.Td data-testid="dues-owes">
                      {row.owes_cents === 0 ? NOTHING_OWED : formatCents(row.owes_cents)}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="default"
                        aria-label={recordPaymentFor(row.display_name)}
                        onClick={() => setPaying(row)}
                        data-testid="record-payment"
                      >
                        {RECORD_PAYMENT}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {report.hasNextPage ? (
            <LoadMore
              loading={report.isFetchingNextPage}
              onLoad={() => void report.fetchNextPage()}
            />
          ) : null}
        </>
      )}
      <DuesPaymentDialog
        clubId={filters.club_id}
        partyId={paying?.party_id ?? null}
        name={paying?.display_name ?? ''}
        onClose={() => setPaying(null)}
      />
    </Stack>
  );
}

function messagesOf(error: unknown): string[] {
  if (error instanceof ApiError && error.errors) return Object.values(error.errors).flat();
  return error ? [DUES_LOAD_FAILED] : [];
}

function AmountSection({
  clubId,
  year,
  amountCents,
}: {
  clubId: number;
  year: number;
  amountCents: number | null;
}) {
  const setRate = useSetDuesRate();
  const bill = useBillDues();
  const [dollars, setDollars] = useState<number | string>(
    amountCents === null ? '' : amountCents / 100,
  );
  const [said, setSaid] = useState('');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="dues-amount">
      <Stack gap="md">
        <Title order={2}>{DUES_AMOUNT_TITLE}</Title>
        {amountCents === null ? <Text size="lg">{DUES_NO_AMOUNT}</Text> : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const cents = Math.round(Number(dollars) * 100);
            setSaid('');
            setRate.mutate(
              { club_id: clubId, year, amount_cents: cents },
              { onSuccess: (answer) => setSaid(amountSaved(year, answer.repriced)) },
            );
          }}
        >
          <Group align="end">
            <NumberInput
              size="lg"
              label={duesAmountLabel(year)}
              value={dollars}
              onChange={setDollars}
              min={0}
              max={100_000}
              decimalScale={2}
              fixedDecimalScale
              prefix="$"
              thousandSeparator=","
              data-testid="dues-amount-input"
            />
            <Button type="submit" size="lg" loading={setRate.isPending} data-testid="save-amount">
              {SAVE_AMOUNT}
            </Button>
          </Group>
        </form>
        <Text size="lg">{billExplained(year)}</Text>
        <Group>
          <Button
            size="lg"
            variant="default"
            disabled={amountCents === null}
            loading={bill.isPending}
            onClick={() => {
              setSaid('');
              bill.mutate(
                { club_id: clubId, year },
                { onSuccess: (answer) => setSaid(billed(answer.billed, year)) },
              );
            }}
            data-testid="bill-members"
          >
            {BILL_MEMBERS}
          </Button>
        </Group>
        <BaseErrors messages={[...messagesOf(setRate.error), ...messagesOf(bill.error)]} />
        <Text size="lg" aria-live="polite" data-testid="dues-said">
          {said}
        </Text>
      </Stack>
    </Paper>
  );
}

function DownloadDues({ filters }: { filters: DuesReportFilters }) {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  return (
    <Stack gap="xs">
      {state === 'failed' ? (
        <Alert color="red" data-testid="dues-download-failed">
          {DUES_DOWNLOAD_FAILED}
        </Alert>
      ) : null}
      <Group>
        <Button
          size="lg"
          variant="default"
          leftSection={<IconDownload size={22} aria-hidden="true" />}
          loading={state === 'working'}
          loaderProps={{ 'aria-label': DOWNLOADING }}
          onClick={() => {
            setState('working');
            fetchDuesCsv(filters).then(
              (text) => {
                saveTextFile(text, `dues-${filters.club_id}-${filters.year}.csv`, 'text/csv');
                setState('idle');
              },
              () => setState('failed'),
            );
          }}
          data-testid="dues-download"
        >
          {DOWNLOAD_DUES}
        </Button>
      </Group>
    </Stack>
  );
}
