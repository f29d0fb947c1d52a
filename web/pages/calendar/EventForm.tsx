import { Input, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useRef, type ChangeEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { parseWireDate, timeOptions } from '../../../common/event-time.ts';
import {
  changeEndDate,
  changeLodge,
  changeStartDate,
  changeStartTime,
  type EditedByHand,
  type EventLodge,
  type EventTimeValues,
} from '../../../common/event-time-editing.ts';
import {
  EVENT_CHOOSE_TIME,
  EVENT_DESCRIPTION,
  EVENT_DESCRIPTION_HINT,
  EVENT_END_DATE,
  EVENT_END_DATE_HINT,
  EVENT_END_TIME,
  EVENT_END_TIME_HINT,
  EVENT_LOCATION,
  EVENT_NAME,
  EVENT_NO_END_TIME,
  EVENT_POST_AS_HINT,
  EVENT_START_DATE,
  EVENT_START_TIME,
  EVENT_TIME_ZONE,
  EVENT_TIME_ZONE_HINT,
  POST_AS,
  SAVING_EVENT,
} from '../../../common/messages.ts';
import type { CalendarEventDetail } from '../../../common/schemas/calendar-event.ts';
import { useGoBack } from '../../components/forms/use-form-save.ts';
import { lodgeVisibilityOptions } from '../../components/records/record-options.ts';
import { RecordForm } from '../../components/records/RecordForm.tsx';
import { useRecordForm } from '../../components/records/use-record-form.ts';
import classes from './EventForm.module.css';
import {
  EVENT_FIELD_ORDER,
  eventFormFieldOf,
  eventFormSchema,
  inputDateFromWire,
  TIME_ZONE_OPTIONS,
  wireDateFromInput,
  type EventFormField,
  type EventFormValues,
  type RepeatsSection,
} from './event-form-schema.ts';
import { fittingChoice } from './event-repeats.ts';
import { EventRepeatsField } from './EventRepeatsField.tsx';
import { eventPath } from '../../paths.ts';

/** A lodge the member may post the event as (EVF-03), with what its defaults need. */
export interface EventFormLodge extends EventLodge {
  name: string;
}

export type EventFormLodgeChoice =
  /** New: the member's webmaster lodges, the first chosen (EVF-03, EVF-05). */
  | { kind: 'choose'; lodges: readonly EventFormLodge[] }
  /** Edit: the event's lodge, shown but not changeable (EVF-04). */
  | { kind: 'fixed'; typeName: string; name: string };

export interface EventFormProps {
  title: string;
  submitLabel: string;
  initialValues: EventFormValues;
  lodge: EventFormLodgeChoice;
  /** Sends the request; rejects with ApiError. */
  save: (values: EventFormValues) => Promise<CalendarEventDetail>;
  /** ERR-39 / ERR-40. */
  fallbackError: string;
  /** Where Cancel goes when the form was opened directly. */
  cancelTo: string;
  /** The Repeats section (issue 25): a new event's, a series' rule, or none. */
  repeats?: RepeatsSection;
  /** Above the fields (which meetings of a series an edit changes). */
  notice?: ReactNode;
}

const VISIBILITY_OPTIONS = lodgeVisibilityOptions();

function timeValuesOf(values: EventFormValues): EventTimeValues {
  return {
    start_date_string: values.start_date_string,
    start_time_string: values.start_time_string,
    end_date_string: values.end_date_string,
    end_time_string: values.end_time_string,
  };
}

/**
 * The event form (EVF-01..EVF-23, §4 "Event date and time editing"): Post As, Name, the start
 * and end dates and times, Time Zone, Location, the rich-text Description, Photos, Visibility
 * and Allows Comments, in that order (EVF-02). The date and time rules of common/
 * event-time-editing.ts run as the member edits; the required fields are checked before
 * anything is sent (VAL-27, VAL-28); the server's 422 messages show under their fields (AMB-40)
 * and anything else as the fallback. On success the member lands on the saved event.
 */
export function EventForm({
  title,
  submitLabel,
  initialValues,
  lodge,
  save,
  fallbackError,
  cancelTo,
  repeats = 'none',
  notice = null,
}: EventFormProps) {
  const navigate = useNavigate();
  const goBack = useGoBack(cancelTo);
  const mode = lodge.kind === 'choose' ? 'new' : 'edit';
  const schema = useMemo(() => eventFormSchema(mode, repeats), [mode, repeats]);
  const record = useRecordForm({
    initialValues,
    schema,
    fieldOrder: EVENT_FIELD_ORDER,
    fieldOf: eventFormFieldOf,
    fallbackError,
    bodyField: 'new_description',
    save,
    onSaved: (event: CalendarEventDetail) => void navigate(eventPath(event), { replace: true }),
  });
  const { form, submitting } = record;
  const { values } = form;

  // AMB-08: Location and Time Zone follow the lodge until the member changes them by hand.
  const editedByHand = useRef<EditedByHand>({ location: false, time_zone_id: false });

  /**
   * The dates and times as they were when the member entered a date field. A date typed digit
   * by digit passes through other dates (05/1 on the way to 05/15); each step is worked out
   * from these values, so a passing date cannot move the other fields for good.
   */
  const timesOnEntry = useRef<EventTimeValues | null>(null);

  const setTimes = (next: EventTimeValues, changed: EventFormField) => {
    // A "last Tuesday" rule cannot stay on a date that is not its month's last, nor a "2nd
    // Tuesday" on a 5th: the choice follows the start date.
    const rule = form.getValues().recurrence;
    const repeat = fittingChoice(rule.repeat, parseWireDate(next.start_date_string));
    form.setValues(repeat === rule.repeat ? next : { ...next, recurrence: { ...rule, repeat } });
    form.clearFieldError(changed);
    // An end error from the server (AMB-40) is about both end fields.
    if (changed.startsWith('end_') || changed.startsWith('start_')) {
      form.clearFieldError('end_date_string');
      form.clearFieldError('end_time_string');
    }
  };

  const changeDate = (field: 'start_date_string' | 'end_date_string', inputValue: string) => {
    const base = timesOnEntry.current ?? timeValuesOf(form.getValues());
    const wire = wireDateFromInput(inputValue);
    const next =
      field === 'start_date_string' ? changeStartDate(base, wire) : changeEndDate(base, wire);
    setTimes(next, field);
  };

  const rememberTimesOnEntry = () => {
    timesOnEntry.current = timeValuesOf(form.getValues());
  };
  const forgetTimesOnEntry = () => {
    timesOnEntry.current = null;
  };
  const changeStartDateInput = (event: ChangeEvent<HTMLInputElement>) =>
    changeDate('start_date_string', event.currentTarget.value);
  const changeEndDateInput = (event: ChangeEvent<HTMLInputElement>) =>
    changeDate('end_date_string', event.currentTarget.value);

  const changeLodgeTo = (id: string) => {
    if (lodge.kind !== 'choose') return;
    const chosen = lodge.lodges.find((item) => String(item.id) === id);
    form.clearFieldError('club_id');
    if (!chosen) {
      form.setFieldValue('club_id', id);
      return;
    }
    const current = form.getValues();
    const next = changeLodge(
      {
        club_id: Number(current.club_id) || null,
        location: current.location,
        time_zone_id: Number(current.time_zone_id),
      },
      chosen,
      editedByHand.current,
    );
    form.setValues({
      club_id: id,
      location: next.location,
      time_zone_id: String(next.time_zone_id),
    });
  };

  const startTimes = timeOptions(values.start_time_string);
  const endTimes = timeOptions(values.end_time_string);

  return (
    <RecordForm
      record={record}
      title={title}
      submitLabel={submitLabel}
      savingLabel={SAVING_EVENT}
      onCancel={goBack}
      body={{ label: EVENT_DESCRIPTION, description: EVENT_DESCRIPTION_HINT }}
      visibility={{ options: VISIBILITY_OPTIONS }}
    >
      {notice}
      {lodge.kind === 'choose' ? (
        <NativeSelect
          label={POST_AS}
          description={EVENT_POST_AS_HINT}
          withAsterisk
          size="lg"
          data-field="club_id"
          data={lodge.lodges.map((item) => ({ value: String(item.id), label: item.name }))}
          value={values.club_id}
          onChange={(event) => changeLodgeTo(event.currentTarget.value)}
          disabled={submitting}
          error={form.errors.club_id}
        />
      ) : (
        <Input.Wrapper label={POST_AS} labelElement="div" size="lg">
          <Stack gap={0} mt={4} data-testid="event-lodge">
            <Text size="md" c="dimmed">
              {lodge.typeName}
            </Text>
            <Text size="lg" fw={700}>
              {lodge.name}
            </Text>
          </Stack>
        </Input.Wrapper>
      )}
      <TextInput
        label={EVENT_NAME}
        withAsterisk
        size="lg"
        data-field="name"
        maxLength={200}
        {...form.getInputProps('name')}
        disabled={submitting}
      />
      <div className={classes.when}>
        <TextInput
          label={EVENT_START_DATE}
          withAsterisk
          type="date"
          size="lg"
          data-field="start_date_string"
          value={inputDateFromWire(values.start_date_string)}
          onFocus={rememberTimesOnEntry}
          onBlur={forgetTimesOnEntry}
          onChange={changeStartDateInput}
          error={form.errors.start_date_string}
          disabled={submitting}
        />
        <NativeSelect
          label={EVENT_START_TIME}
          withAsterisk
          size="lg"
          data-field="start_time_string"
          data={[
            { value: '', label: EVENT_CHOOSE_TIME, disabled: true },
            ...startTimes.map((label) => ({ value: label, label })),
          ]}
          value={values.start_time_string}
          onChange={(event) =>
            setTimes(
              changeStartTime(timeValuesOf(form.getValues()), event.currentTarget.value),
              'start_time_string',
            )
          }
          disabled={submitting}
          error={form.errors.start_time_string}
        />
        <TextInput
          label={EVENT_END_DATE}
          description={EVENT_END_DATE_HINT}
          type="date"
          size="lg"
          data-field="end_date_string"
          value={inputDateFromWire(values.end_date_string)}
          onFocus={rememberTimesOnEntry}
          onBlur={forgetTimesOnEntry}
          onChange={changeEndDateInput}
          error={form.errors.end_date_string}
          disabled={submitting}
        />
        <NativeSelect
          label={EVENT_END_TIME}
          description={EVENT_END_TIME_HINT}
          size="lg"
          data-field="end_time_string"
          data={[
            { value: '', label: EVENT_NO_END_TIME },
            ...endTimes.map((label) => ({ value: label, label })),
          ]}
          value={values.end_time_string}
          onChange={(event) =>
            setTimes(
              {
                ...timeValuesOf(form.getValues()),
                end_time_string: event.currentTarget.value,
              },
              'end_time_string',
            )
          }
          disabled={submitting}
          error={form.errors.end_time_string}
        />
      </div>
      <NativeSelect
        label={EVENT_TIME_ZONE}
        description={EVENT_TIME_ZONE_HINT}
        withAsterisk
        size="lg"
        data-field="time_zone_id"
        data={[...TIME_ZONE_OPTIONS]}
        value={values.time_zone_id}
        onChange={(event) => {
          editedByHand.current.time_zone_id = true;
          form.setFieldValue('time_zone_id', event.currentTarget.value);
          form.clearFieldError('time_zone_id');
        }}
        disabled={submitting}
        error={form.errors.time_zone_id}
      />
      {repeats === 'none' ? null : (
        <EventRepeatsField
          form={form}
          withNone={repeats === 'new'}
          disabled={submitting}
          savedRule={repeats === 'series' ? initialValues.recurrence : null}
        />
      )}
      <TextInput
        label={EVENT_LOCATION}
        size="lg"
        data-field="location"
        maxLength={500}
        value={values.location}
        onChange={(event) => {
          editedByHand.current.location = true;
          form.setFieldValue('location', event.currentTarget.value);
          form.clearFieldError('location');
        }}
        error={form.errors.location}
        disabled={submitting}
      />
    </RecordForm>
  );
}
