import { Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRef, useState, type FormEvent } from 'react';
import {
  BACK_TO_CHAT,
  CHAT_NAME_LABEL,
  GROUP_CHATS_ONLY,
  RENAME_CHAT_TITLE,
  RENAME_FAILED,
  SAVE_NAME,
  SAVING_NAME,
} from '../../../common/messages.ts';
import { chatNameSchema, type ChatDetail } from '../../../common/schemas/chat.ts';
import { useRenameChat } from '../../api/chats.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { FormActions } from '../../components/forms/FormActions.tsx';
import { focusFirstError } from '../../components/forms/form-errors.ts';
import { useFormSave, useGoBack } from '../../components/forms/use-form-save.ts';
import { chatPath } from '../../paths.ts';
import { chatDetailTitle } from './chat-head.ts';
import { ChatHeadScreen } from './ChatHeadScreen.tsx';

/**
 * /chats/{chatId}/edit (ROUTE-18, CHAT-30, VAL-07): the group's name, saved with
 * `PUT /chats/{id}.json`; the name's errors under the field joined by ', ', any other in the
 * alert above. Saved or cancelled, back to the chat.
 */
export function RenameChatPage() {
  return <ChatHeadScreen>{(chat) => <RenameForm chat={chat} />}</ChatHeadScreen>;
}

function RenameForm({ chat }: { chat: ChatDetail }) {
  useDocumentTitle(`${RENAME_CHAT_TITLE} – Lodgehall`);
  const { user } = useSession();
  const [name, setName] = useState(chat.name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const goBack = useGoBack(chatPath(chat.id));
  const rename = useRenameChat(chat.id);
  const showFieldErrors = (fields: { name?: string }) => {
    setNameError(fields.name);
    focusFirstError(formRef.current, ['name'], fields);
  };
  const form = useFormSave<'name'>({
    fallbackError: RENAME_FAILED,
    fieldOf: (serverName) => (serverName === 'name' ? 'name' : null),
    onFieldErrors: showFieldErrors,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = chatNameSchema.safeParse(name);
    if (!checked.success) {
      showFieldErrors({ name: checked.error.issues.map((issue) => issue.message).join(', ') });
      return;
    }
    setNameError(undefined);
    void form.save(() => rename.mutateAsync(checked.data), goBack);
  };

  const title = chatDetailTitle(chat, user?.party_id);
  return (
    <Container size={600} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={chatPath(chat.id)} label={BACK_TO_CHAT} />
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }}>
          <Stack gap="lg">
            <div>
              <Title order={1}>{RENAME_CHAT_TITLE}</Title>
              <Text size="lg" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
            </div>
            {chat.abilities.rename ? (
              <>
                <BaseErrors messages={form.baseErrors} />
                <form ref={formRef} onSubmit={submit} noValidate aria-busy={form.submitting}>
                  <Stack gap="lg">
                    <TextInput
                      label={CHAT_NAME_LABEL}
                      size="lg"
                      value={name}
                      onChange={(event) => setName(event.currentTarget.value)}
                      error={nameError}
                      disabled={form.submitting}
                      autoComplete="off"
                      data-field="name"
                      data-testid="chat-name-input"
                    />
                    <FormActions
                      submitLabel={SAVE_NAME}
                      savingLabel={SAVING_NAME}
                      submitting={form.submitting}
                      onCancel={goBack}
                    />
                  </Stack>
                </form>
              </>
            ) : (
              <Text size="lg" data-testid="group-only">
                {GROUP_CHATS_ONLY}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
