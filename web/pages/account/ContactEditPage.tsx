import { Container, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation } from 'react-router';
import {
  ADD_CONTACT_INFORMATION,
  BACK_TO_MY_ACCOUNT,
  CONTACT_INFORMATION_FAILED,
  EDIT_CONTACT_INFORMATION,
  LOADING_CONTACT_INFORMATION,
} from '../../../common/messages.ts';
import { useContactInfo } from '../../api/contact-info.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { MY_ACCOUNT_PATH } from '../../paths.ts';
import { ContactForm } from './contacts/ContactForm.tsx';
import { LIST_OF, contactEditTargetOf } from './contacts/contact-set.ts';

/**
 * /my_account/contacts/edit (ROUTE-26; ACCT-24..28, ERR-59): adds or edits one entry of the
 * member's contact information, as the section's link said in its navigation state; without
 * that state (a direct load, a reload) there is nothing to edit and it goes to /my_account
 * (ACCT-27).
 */
export function ContactEditPage() {
  const location = useLocation();
  const target = contactEditTargetOf(location.state);
  const title = target?.index === null ? ADD_CONTACT_INFORMATION : EDIT_CONTACT_INFORMATION;
  useDocumentTitle(`${title} – Lodgehall`);
  const query = useContactInfo();

  if (!target) return <Navigate to={MY_ACCOUNT_PATH} replace />;
  const party = query.data?.parties[0]?.party;
  // An entry that is no longer there (removed in another tab) has nothing to edit either.
  if (party && target.index !== null && !party[LIST_OF[target.kind]][target.index]) {
    return <Navigate to={MY_ACCOUNT_PATH} replace />;
  }

  return (
    <Container size={640} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={MY_ACCOUNT_PATH} label={BACK_TO_MY_ACCOUNT} />
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }}>
          <Stack gap="lg">
            <Title order={1}>{title}</Title>
            {query.data && party ? (
              <ContactForm info={query.data} party={party} target={target} />
            ) : query.isError ? (
              <LoadFailed
                title={CONTACT_INFORMATION_FAILED}
                retrying={query.isFetching}
                onRetry={() => void query.refetch()}
              />
            ) : (
              <Loading label={LOADING_CONTACT_INFORMATION} testId="contact-loading" />
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
