// The core styles the editor is built on beyond web/mantine-styles.ts: the content's
// typography and the link control's tooltip. Before @mantine/tiptap's own, as Mantine asks.
import '@mantine/core/styles/Typography.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import {
  EDITOR_BOLD,
  EDITOR_BULLET_LIST,
  EDITOR_HEADING,
  EDITOR_ITALIC,
  EDITOR_LINK,
  EDITOR_LINK_ADDRESS,
  EDITOR_LINK_SAVE,
  EDITOR_ORDERED_LIST,
  EDITOR_SUBHEADING,
  EDITOR_UNDERLINE,
  EDITOR_UNLINK,
} from '../../../common/messages.ts';
import { INPUT_CLASS } from '../../theme.ts';
import type { BodyEditorProps } from './body-editor-props.ts';
import classes from './RichTextBodyEditor.module.css';

/**
 * The rich-text body of posts (POST-11, API-OTHER-01): TipTap through @mantine/tiptap, in its
 * own chunk served from our host, loaded only by the screens that write rich text. It offers
 * just what the server's allow-list keeps (server/services/rich-text.ts): bold, italic,
 * underline, two heading sizes, lists and links; anything else would be stripped on save.
 */
export function RichTextBodyEditor({
  labelId,
  describedBy,
  initialHtml,
  onChange,
  disabled = false,
  invalid = false,
  fieldName,
}: BodyEditorProps) {
  // The latest callback, so the editor is made once and still reports to the current form.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Mantine's Link adds the Ctrl+K shortcut and does not follow links while editing.
        link: false,
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
      }),
      Link,
    ],
    content: initialHtml,
    editable: !disabled,
    onUpdate: ({ editor: current }) => {
      onChangeRef.current(current.isEmpty ? '' : current.getHTML());
    },
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // The writing area is a contenteditable div: it gets its name, hint and error by ARIA.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          'data-testid': 'post-body-editor',
          ...(fieldName ? { 'data-field': fieldName } : {}),
        },
      },
    });
  }, [editor, labelId, describedBy, invalid, fieldName]);

  return (
    <RichTextEditor
      editor={editor}
      classNames={{
        // Rung like an input while the writing area has focus (global.css).
        root: `${classes.root} ${INPUT_CLASS}`,
        control: classes.control,
        controlIcon: classes.controlIcon,
        toolbar: classes.toolbar,
        content: classes.content,
      }}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
      labels={{
        boldControlLabel: EDITOR_BOLD,
        italicControlLabel: EDITOR_ITALIC,
        underlineControlLabel: EDITOR_UNDERLINE,
        h2ControlLabel: EDITOR_HEADING,
        h3ControlLabel: EDITOR_SUBHEADING,
        bulletListControlLabel: EDITOR_BULLET_LIST,
        orderedListControlLabel: EDITOR_ORDERED_LIST,
        linkControlLabel: EDITOR_LINK,
        unlinkControlLabel: EDITOR_UNLINK,
        linkEditorInputLabel: EDITOR_LINK_ADDRESS,
        linkEditorSave: EDITOR_LINK_SAVE,
      }}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold disabled={disabled} />
          <RichTextEditor.Italic disabled={disabled} />
          <RichTextEditor.Underline disabled={disabled} />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 disabled={disabled} />
          <RichTextEditor.H3 disabled={disabled} />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList disabled={disabled} />
          <RichTextEditor.OrderedList disabled={disabled} />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link disabled={disabled} />
          <RichTextEditor.Unlink disabled={disabled} />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
