import {
  Checkbox,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRepeat } from '@tabler/icons-react';
import { useId } from 'react';
import { parseTimeLabel, parseWireDate } from '../../../common/event-time.ts';
import {
  describeRecurrence,
  MAX_OCCURRENCE_COUNT,
  type Recurrence,
} from '../../../common/recurrence.ts';
import {
  ENDS_AFTER_COUNT,
  ENDS_NEVER,
  ENDS_ON_DATE,
  EVENT_REPEATS,
  EVENT_REPEATS_HINT,
  EXCEPT_IN_MONTHS,
  EXCEPT_IN_MONTHS_HINT,
  LAST_MEETING_DATE,
  LOADING_NEXT_MEETINGS,
  NEW_RULE_REMAPS,
  NEXT_MEETINGS,
  NEXT_MEETINGS_FAILED,
  NUMBER_OF_MEETINGS,
  REPEAT_ENDS,
  WEEKS_BETWEEN_MEETINGS,
} from '../../../common/messages.ts';
import type { RecurrencePreviewRequest } from '../../../common/schemas/calendar-event.ts';
import { useRecurrencePreview } from '../../api/calendar-events.ts';
import { isApiError } from '../../http/client.ts';
import classes from './EventForm.module.css';
import { inputDateFromWire, wireDateFromInput, type EventFormValues } from './event-form-schema.ts';
import {
  MONTH_OPTIONS,
  offersSkipMonths,
  recurrenceFromForm,
  repeatOptions,
  repeatProblemMessage,
  WEEK_INTERVAL_OPTIONS,
  type RepeatChoice,
  type RepeatEnds,
  type RepeatFormValues,
} from './event-repeats.ts';

/** How long the form waits after the last change before asking for the dates. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The event form's Repeats section (issue 25, D80, D82): the rule in choices worded from the
 * start date, the dark months, how it ends, and under it, live, the rule in words and the next
 * dates from the preview endpoint (debounced; the server's 422 shows under Repeats).
 */
export function EventRepeatsField({
  form,
  withNone,
  disabled,
  savedRule = null,
}: {
  form: UseFormReturnType<EventFormValues>;
  /** A new event may also not repeat; a series' rule always does. */
  withNone: boolean;
  disabled: boolean;
  /** A series' rule as saved: a change to it is said to remove the meetings it no longer holds. */
  savedRule?: RepeatFormValues | null;
}) {
  const { values } = form;
  const repeats = values.recurrence;
  const start = parseWireDate(values.start_date_string);
  const built = recurrenceFromForm(repeats, start);
  // A rule the form knows the API refuses is said at once; only a sound rule is previewed.
  const preview = usePreview(values, built.problem === null ? built.recurrence : null);
  const liveProblem =
    built.problem?.kind === 'rule' ? repeatProblemMessage(built.problem) : preview.problem;

  const set = (change: Partial<RepeatFormValues>) => {
    form.setFieldValue('recurrence', { ...form.getValues().recurrence, ...change });
    form.clearFieldError('recurrence');
  };

  const repeating = repeats.repeat !== 'none';
  const fieldError = form.errors.recurrence ?? liveProblem ?? undefined;

  return (
    <Stack gap="md" data-testid="event-repeats">
      <NativeSelect
        label={EVENT_REPEATS}
        description={EVENT_REPEATS_HINT}
        size="lg"
        data-field="recurrence"
        data={repeatOptions(start, repeats, withNone)}
        value={repeats.repeat}
        onChange={(event) => set({ repeat: event.currentTarget.value as RepeatChoice })}
        disabled={disabled}
        error={fieldError}
      />
      {repeats.repeat === 'every_n_weeks' ? (
        <NativeSelect
          label={WEEKS_BETWEEN_MEETINGS}
          size="lg"
          data={[...WEEK_INTERVAL_OPTIONS]}
          value={repeats.weeks}
          onChange={(event) => set({ weeks: event.currentTarget.value })}
          disabled={disabled}
        />
      ) : null}
      {offersSkipMonths(repeats.repeat) ? (
        <Fieldset
          legend={EXCEPT_IN_MONTHS}
          variant="unstyled"
          classNames={{ root: classes.months, legend: classes.monthsLegend }}
        >
          <Text size="sm" c="dimmed" mb="xs">
            {EXCEPT_IN_MONTHS_HINT}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" verticalSpacing="sm">
            {MONTH_OPTIONS.map((month) => (
              <Checkbox
                key={month.value}
                label={month.label}
                size="md"
                checked={repeats.skip_months.includes(month.value)}
                disabled={disabled}
                onChange={(event) => {
                  const chosen = new Set(form.getValues().recurrence.skip_months);
                  if (event.currentTarget.checked) chosen.add(month.value);
                  else chosen.delete(month.value);
                  // Month order, so the same choice always compares equal to the saved rule.
                  set({ skip_months: [...chosen].sort((a, b) => Number(a) - Number(b)) });
                }}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ) : null}
      {repeating ? (
        <Radio.Group
          label={REPEAT_ENDS}
          size="lg"
          value={repeats.ends}
          onChange={(value) => set({ ends: value as RepeatEnds })}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="never" label={ENDS_NEVER} size="md" disabled={disabled} />
            <Radio value="on_date" label={ENDS_ON_DATE} size="md" disabled={disabled} />
            {repeats.ends === 'on_date' ? (
              <TextInput
                label={LAST_MEETING_DATE}
                type="date"
                size="md"
                className={classes.endsInput}
                value={inputDateFromWire(repeats.ends_date)}
                onChange={(event) =>
                  set({ ends_date: wireDateFromInput(event.currentTarget.value) })
                }
                disabled={disabled}
              />
            ) : null}
            <Radio value="after_count" label={ENDS_AFTER_COUNT} size="md" disabled={disabled} />
            {repeats.ends === 'after_count' ? (
              <NumberInput
                label={NUMBER_OF_MEETINGS}
                size="md"
                className={classes.endsInput}
                min={1}
                max={MAX_OCCURRENCE_COUNT}
                allowDecimal={false}
                allowNegative={false}
                value={repeats.ends_count}
                onChange={(value) => set({ ends_count: String(value) })}
                disabled={disabled}
              />
            ) : null}
          </Stack>
        </Radio.Group>
      ) : null}
      {savedRule && JSON.stringify(savedRule) !== JSON.stringify(repeats) ? (
        <Text size="md" fw={600} data-testid="new-rule-remaps">
          {NEW_RULE_REMAPS}
        </Text>
      ) : null}
      {repeating && built.recurrence && built.problem === null && start ? (
        <RepeatPreview
          words={describeRecurrence(built.recurrence, start)}
          labels={preview.labels}
          loading={preview.loading}
          failed={preview.failed}
        />
      ) : null}
    </Stack>
  );
}

/** The rule in words at once, and the next dates as the server worked them out. */
function RepeatPreview({
  words,
  labels,
  loading,
  failed,
}: {
  words: string;
  labels: readonly string[];
  loading: boolean;
  failed: boolean;
}) {
  const headingId = useId();
  return (
    <div className={classes.preview} data-testid="repeat-preview" aria-live="polite">
      <Text fw={700} className={classes.previewWords}>
        <IconRepeat size={20} aria-hidden="true" className={classes.previewIcon} />
        <span data-testid="repeat-words">{words}</span>
      </Text>
      <Group gap="xs" mt="xs">
        <Text id={headingId} fw={600}>
          {NEXT_MEETINGS}
        </Text>
        {loading ? (
          <Group gap={6} data-testid="repeat-preview-loading">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {LOADING_NEXT_MEETINGS}
            </Text>
          </Group>
        ) : null}
      </Group>
      {failed ? (
        <Text size="sm" c="dimmed">
          {NEXT_MEETINGS_FAILED}
        </Text>
      ) : (
        <ol className={classes.previewDates} aria-labelledby={headingId}>
          {labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * Asks the preview for the form's start and rule once they have stood still a moment; null (a
 * rule with a problem the form already knows) asks nothing. A rule the server refuses comes
 * back as its 422 message, for the field.
 */
function usePreview(
  values: EventFormValues,
  recurrence: Recurrence | null,
): { labels: string[]; loading: boolean; failed: boolean; problem: string | null } {
  const complete =
    recurrence !== null &&
    parseWireDate(values.start_date_string) !== null &&
    parseTimeLabel(values.start_time_string) !== null;
  const request: RecurrencePreviewRequest | null = complete
    ? {
        start_date_string: values.start_date_string,
        start_time_string: values.start_time_string,
        time_zone_id: Number(values.time_zone_id),
        recurrence,
      }
    : null;
  // Debounced as text: the request is a new object at every render.
  const [debounced] = useDebouncedValue(
    request ? JSON.stringify(request) : '',
    PREVIEW_DEBOUNCE_MS,
  );
  const current = request !== null && debounced === JSON.stringify(request);
  const query = useRecurrencePreview(
    current && debounced !== '' ? (JSON.parse(debounced) as RecurrencePreviewRequest) : null,
  );
  const error = query.error;
  const refused = isApiError(error) && error.status === 422;
  const problem =
    request !== null && refused
      ? (error.fieldErrors('recurrence').length > 0
          ? error.fieldErrors('recurrence')
          : error.allErrorMessages()
        ).join(', ')
      : null;
  return {
    labels:
      request !== null && !query.isError ? (query.data?.occurrences.map((o) => o.label) ?? []) : [],
    loading: request !== null && (!current || query.isFetching),
    failed: request !== null && query.isError && !refused,
    problem: problem === '' ? null : problem,
  };
}
