/** What a form tells the body editor; shared by the lazy wrapper and the editor chunk. */
export interface BodyEditorProps {
  /** The id of the visible label, read out as the editor's name. */
  labelId: string;
  /** Ids of the hint and the error under the editor, when shown. */
  describedBy?: string | undefined;
  /** The HTML the editor starts with (edit: the saved body); later changes are ignored. */
  initialHtml: string;
  /** Called with the HTML on every change; an editor with no text gives ''. */
  onChange: (html: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** The form field it edits, as `data-field`: where a form moves focus to show an error. */
  fieldName?: string | undefined;
}
