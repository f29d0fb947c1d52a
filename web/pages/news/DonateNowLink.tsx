import { Button, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconHeartHandshake } from '@tabler/icons-react';
import { DONATE_NOW, OPENS_IN_NEW_TAB } from '../../../common/messages.ts';

/** Only web addresses may become a link: a `javascript:` URL in the data must never run. */
export function donationHref(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Donate Now (POST-05): only when the post carries a donation address. It opens the payment
 * page in a new tab, without giving that page a handle on this one (rel noopener).
 */
export function DonateNowLink({ url }: { url: string | null }) {
  const href = donationHref(url);
  if (href === null) return null;
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      // A deep green: white text on it keeps 6:1 (Mantine's green 9 gives only 4.4:1).
      color="#1e6b34"
      leftSection={<IconHeartHandshake size={22} aria-hidden="true" />}
      rightSection={<IconExternalLink size={18} aria-hidden="true" />}
    >
      {DONATE_NOW}
      <VisuallyHidden> {OPENS_IN_NEW_TAB}</VisuallyHidden>
    </Button>
  );
}
