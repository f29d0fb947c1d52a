import { Box, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconCreditCard,
  IconLock,
  IconMessages,
  IconNews,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NAV_SIGN_IN } from '../../../common/messages.ts';
import { useSession } from '../../api/session.ts';

const FEATURES: readonly { icon: ReactNode; text: string }[] = [
  {
    icon: <IconNews size={22} aria-hidden="true" />,
    text: 'Read the news from your lodge and the wider organization, and add your comments.',
  },
  {
    icon: <IconCalendarEvent size={22} aria-hidden="true" />,
    text: 'See meetings and events on the calendar, and say whether you will attend.',
  },
  {
    icon: <IconUsers size={22} aria-hidden="true" />,
    text: 'Find fellow members and lodges, and keep your favourites close at hand.',
  },
  {
    icon: <IconMessages size={22} aria-hidden="true" />,
    text: 'Send messages to one member or to a small group.',
  },
  {
    icon: <IconShieldCheck size={22} aria-hidden="true" />,
    text: 'Check the standing of a visiting member before a meeting.',
  },
  {
    icon: <IconCreditCard size={22} aria-hidden="true" />,
    text: 'Pay your dues and keep your address, e-mail and telephone up to date.',
  },
];

/** /about (ACC-05): what Lodgehall is, for visitors and members alike. */
export function AboutPage() {
  useDocumentTitle('About Lodgehall');
  const { status } = useSession();
  return (
    <>
      <Box bg="lodge.0" py={{ base: 32, sm: 48 }}>
        <Container size={760} px="md">
          <Stack gap="md">
            <Title order={1}>About Lodgehall</Title>
            <Text size="lg">
              Lodgehall is the private online home of your lodge or club. It keeps members in touch
              between meetings: the news, the calendar and one another, in one place that only
              members can enter.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container size={760} px="md" py={{ base: 32, sm: 40 }}>
        <Stack gap={40}>
          <Stack gap="md" component="section" aria-labelledby="about-what">
            <Title order={2} id="about-what">
              What members can do
            </Title>
            <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
              {FEATURES.map((feature) => (
                <Group component="li" key={feature.text} gap="md" wrap="nowrap" align="center">
                  <ThemeIcon size={44} radius="xl" variant="light" style={{ flexShrink: 0 }}>
                    {feature.icon}
                  </ThemeIcon>
                  <Text>{feature.text}</Text>
                </Group>
              ))}
            </Stack>
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="about-who">
            <Title order={2} id="about-who">
              Who can join
            </Title>
            <Text>
              Lodgehall is for members of the lodges and clubs that use it, and only members in good
              standing can sign in.
            </Text>
            <Text>
              To create your account, you prove your membership with three things: your
              organization, your member number and your birth date. We then send a code to an e-mail
              address or mobile telephone that your lodge already has on file, so that no one else
              can open an account in your name.
            </Text>
          </Stack>

          <Paper
            component="section"
            aria-labelledby="about-privacy"
            withBorder
            radius="lg"
            p={{ base: 'lg', sm: 'xl' }}
          >
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={44} radius="xl" aria-hidden="true">
                  <IconLock size={24} />
                </ThemeIcon>
                <Title order={2} id="about-privacy">
                  Your details are handled with care
                </Title>
              </Group>
              <Text>
                We ask for your member number and birth date only to prove that you are a member. We
                check them against the records your organization already keeps, and we never show
                your birth date to other members.
              </Text>
              <Text>
                Lodgehall will never ask for your password by e-mail, by telephone or in a message.
                If anyone does, please do not give it, and tell your lodge secretary.
              </Text>
            </Stack>
          </Paper>

          {status === 'signedIn' ? null : (
            <Stack gap="md" component="section" aria-labelledby="about-start">
              <Title order={2} id="about-start">
                Getting started
              </Title>
              <Text>
                Already have an account? Sign in with your username and password. New to Lodgehall?
                Creating your account takes a few minutes; have your member number and birth date at
                hand.
              </Text>
              <Group gap="md" mt="xs">
                <Button component={Link} to="/user/signIn">
                  {NAV_SIGN_IN}
                </Button>
                <Button component={Link} to="/register" variant="default">
                  Create an account
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Container>
    </>
  );
}
