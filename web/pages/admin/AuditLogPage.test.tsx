import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDIT_TITLE, SHOW_MORE } from '../../../common/messages.ts';
import type { AuditAnswer, AuditEntry } from '../../../common/schemas/console-dues.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { consoleApi, HARMONY, signedInSecretaryWithFetch } from './console-fixtures.ts';

const fetchMock = signedInSecretaryWithFetch();

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    created_at: Date.UTC(2026, 10, 20, 15, 0) - id * 60_000,
    action: 'member.status_changed',
    actor: { id: 3, name: 'Samuel Secretary' },
    club: { id: HARMONY.id, name: HARMONY.name },
    party: { id: 21, name: 'Walter Ames' },
    subject_type: 'Party',
    subject_id: 21,
    before: { status: 'active', note: null },
    after: { status: 'suspended', note: 'Dues unpaid' },
    detail: null,
    ...overrides,
  };
}

describe('the history of changes (/admin/audit, issue 23)', () => {
  it('says each change in words, before → after, and shows more from the cursor', async () => {
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/audit_log.json': () => {
          const url = String(fetchMock.mock.calls.at(-1)?.[0]);
          const answer: AuditAnswer = url.includes('before=')
            ? { data: { entries: [entry(2, { action: 'dues.payment_recorded' })], next: null } }
            : { data: { entries: [entry(1)], next: '1763650740000:1' } };
          return respond(200, answer);
        },
      }),
    );
    renderApp('/admin/audit?action=member.status_changed');
    expect(await screen.findByRole('heading', { level: 1, name: AUDIT_TITLE })).toBeTruthy();
    const changes = await screen.findByTestId('audit-changes');
    expect(changes.textContent).toContain('status: active → suspended');
    expect(changes.textContent).toContain('note: (none) → Dues unpaid');
    expect(screen.getByTestId('audit-row').textContent).toContain('Status changed');
    expect(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('audit_log'))?.[0]),
    ).toContain('action=member.status_changed');
    fireEvent.click(screen.getByRole('button', { name: SHOW_MORE }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(screen.getAllByTestId('audit-row')[1]?.textContent).toContain('Payment recorded');
    expect(screen.queryByRole('button', { name: SHOW_MORE })).toBeNull();
  });
});
