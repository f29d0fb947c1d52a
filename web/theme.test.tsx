import { Button, Checkbox, PasswordInput, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHOW_PASSWORD } from '../common/messages.ts';
import { contrastRatio } from '../common/contrast.ts';
import { renderWithProviders } from './test/render.tsx';
import { FOCUS_CLASS, FOCUS_RING, INPUT_CLASS, TOUCH_TARGET_PX } from './theme.ts';

describe('the focus ring (D26, WCAG 2.2 2.4.13)', () => {
  it.each(FOCUS_RING.lightSurfaces.map((surface) => [surface]))(
    'the navy ring stands out 3:1 or more on %s',
    (surface) => {
      expect(contrastRatio(FOCUS_RING.colour, surface)).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(FOCUS_RING.darkSurfaces.map((surface) => [surface]))(
    'the light ring stands out 3:1 or more on the dark %s, where navy would not',
    (surface) => {
      expect(contrastRatio(FOCUS_RING.colourOnDark, surface)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(FOCUS_RING.colour, surface)).toBeLessThan(3);
    },
  );

  it('is at least 2 px thick and clear of the control', () => {
    expect(FOCUS_RING.widthPx).toBeGreaterThanOrEqual(2);
    expect(FOCUS_RING.offsetPx).toBeGreaterThan(0);
  });

  it('is put on Mantine controls and inputs through the theme, not per screen', () => {
    renderWithProviders(
      <>
        <Button>Go</Button>
        <TextInput label="Name" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Go' }).classList).toContain(FOCUS_CLASS);
    expect(screen.getByLabelText('Name').classList).toContain(INPUT_CLASS);
  });
});

describe('touch targets of 44 px (docs/architecture.md §8)', () => {
  const floor = `max(calc(${TOUCH_TARGET_PX / 16}rem * var(--mantine-scale))`;

  it('keeps a small button at 44 px at least', () => {
    renderWithProviders(<Button size="md">Small</Button>);
    const button = screen.getByRole('button', { name: 'Small' });
    expect(button.style.getPropertyValue('--button-height')).toContain(floor);
  });

  it('makes the checkbox box 44 px at least', () => {
    renderWithProviders(<Checkbox label="Allows Comments" />);
    const root = screen.getByLabelText('Allows Comments').closest('.mantine-Checkbox-root');
    expect((root as HTMLElement).style.getPropertyValue('--checkbox-size')).toContain(floor);
  });

  it('gives every password field a 44 px eye that Tab reaches and a screen reader names', () => {
    renderWithProviders(<PasswordInput label="Password" />);
    const eye = screen.getByRole('button', { name: SHOW_PASSWORD });
    expect(eye.getAttribute('tabindex')).toBe('0');
    const root = eye.closest('.mantine-PasswordInput-root') as HTMLElement;
    expect(root.style.getPropertyValue('--psi-button-size')).toBe(
      `calc(${TOUCH_TARGET_PX / 16}rem * var(--mantine-scale))`,
    );
  });
});
