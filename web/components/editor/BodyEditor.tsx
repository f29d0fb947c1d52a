import { Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LOADING_EDITOR } from '../../../common/messages.ts';
import type { BodyEditorProps } from './body-editor-props.ts';
import classes from './RichTextBodyEditor.module.css';

// TipTap and ProseMirror are large: they come in their own chunk, from our host, the first
// time a writing screen opens (docs/architecture.md §10, API-OTHER-01), never with the first screen.
const RichTextBodyEditor = lazy(() =>
  import('./RichTextBodyEditor.tsx').then((module) => ({ default: module.RichTextBodyEditor })),
);

export type { BodyEditorProps };

/** The rich-text body field's editor, with a plain placeholder while its chunk loads. */
export function BodyEditor(props: BodyEditorProps) {
  return (
    <Suspense
      fallback={
        <div className={classes.placeholder} role="status">
          <Loader size="sm" />
          <Text>{LOADING_EDITOR}</Text>
        </div>
      }
    >
      <RichTextBodyEditor {...props} />
    </Suspense>
  );
}
