import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MY_ACCOUNT } from '../../../common/messages.ts';
import { useSession } from '../../api/session.ts';
import { clearFlashMessage, peekFlashMessage } from '../../components/flash-store.ts';
import { AccountSection } from './AccountSection.tsx';
import { AvatarSection } from './AvatarSection.tsx';
import { ContactSection } from './ContactSection.tsx';
import { DuesSection } from './DuesSection.tsx';
import { MailSettingsSection } from './MailSettingsSection.tsx';
import { PaymentSection } from './PaymentSection.tsx';
import { StatusAccessSection } from './StatusAccessSection.tsx';

/**
 * /my_account (ROUTE-25, §2 My Account): the avatar, the Account section, then status checker
 * access, Dues, Payment Information, Contact Information (ACCT-07) and E-mail and reminders (D81), each its own component
 * loading its own call, so one slow or failed call never holds the others back.
 */
export function MyAccountPage() {
  useDocumentTitle(`${MY_ACCOUNT} – Lodgehall`);
  const { user } = useSession();
  // Shown once: read while rendering, forgotten once on screen.
  const [flash] = useState(peekFlashMessage);
  useEffect(() => clearFlashMessage(), []);
  if (!user) return null;

  return (
    <Container size={720} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Title order={1}>{MY_ACCOUNT}</Title>
        {flash ? (
          <Alert
            color="green"
            variant="light"
            role="status"
            icon={<IconCircleCheck size={24} aria-hidden="true" />}
          >
            <Text size="md">{flash}</Text>
          </Alert>
        ) : null}
        <AvatarSection />
        <AccountSection user={user} />
        <StatusAccessSection />
        <DuesSection />
        <PaymentSection />
        <ContactSection />
        <MailSettingsSection />
      </Stack>
    </Container>
  );
}
