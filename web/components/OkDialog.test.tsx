import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL, OK } from '../../common/messages.ts';
import { renderWithProviders } from '../test/render.tsx';
import { OkDialog, OkDialogHost } from './OkDialog.tsx';
import { clearOkDialogs, getOkDialogQueue, showOkDialog } from './ok-dialog-store.ts';

describe('OkDialog (NAV-12, NAV-13)', () => {
  afterEach(() => {
    act(() => clearOkDialogs());
  });

  it('shows the title, the content and OK only, and OK closes it (NAV-12)', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <OkDialog opened title="Network Error" content="Some words." onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Network Error' });
    expect(dialog.textContent).toContain('Some words.');
    expect(screen.queryByRole('button', { name: CANCEL })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: OK }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows Cancel with a callback, which runs on OK only (NAV-13)', () => {
    const onOk = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <OkDialog opened title="Hide" content="Sure?" onOk={onOk} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('button', { name: CANCEL }));
    expect(onOk).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: OK }));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('treats Escape as Cancel', () => {
    const onOk = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <OkDialog opened title="Hide" content="Sure?" onOk={onOk} onClose={onClose} />,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('puts focus on OK when it opens', async () => {
    renderWithProviders(<OkDialog opened title="T" content="C" onOk={vi.fn()} onClose={vi.fn()} />);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: OK })),
    );
  });

  it('shows queued dialogs one at a time and runs the callback on OK only', () => {
    const onOk = vi.fn();
    renderWithProviders(<OkDialogHost />);
    act(() => {
      showOkDialog({ title: 'First', content: 'one' });
      showOkDialog({ title: 'Second', content: 'two', onOk });
    });
    expect(screen.getByRole('dialog', { name: 'First' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: OK }));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CANCEL }));
    expect(onOk).not.toHaveBeenCalled();
    expect(getOkDialogQueue()).toHaveLength(0);
  });

  it('runs the queued callback when OK is pressed', () => {
    const onOk = vi.fn();
    renderWithProviders(<OkDialogHost />);
    act(() => showOkDialog({ title: 'Leave', content: 'Sure?', onOk }));
    fireEvent.click(screen.getByRole('button', { name: OK }));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(getOkDialogQueue()).toHaveLength(0);
  });

  it('does not stack identical dialogs', () => {
    showOkDialog({ title: 'Network Error', content: 'x' });
    showOkDialog({ title: 'Network Error', content: 'x' });
    expect(getOkDialogQueue()).toHaveLength(1);
  });
});
