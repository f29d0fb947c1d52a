import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.ts';

describe('displayName (ENT-05)', () => {
  const john = { first_name: 'John', middle_name: 'Q', last_name: 'Smith', suffix: 'Jr.' };

  it('joins first, middle and last with the suffix after a comma', () => {
    expect(displayName(john)).toBe('John Q Smith, Jr.');
  });

  it('prefers the preferred name', () => {
    expect(displayName({ ...john, preferred_name: 'Jack' })).toBe('Jack');
  });

  it('leaves out a missing middle name without doubling spaces', () => {
    expect(displayName({ ...john, middle_name: null })).toBe('John Smith, Jr.');
    expect(displayName({ ...john, middle_name: '  ' })).toBe('John Smith, Jr.');
  });

  it('has no comma without a suffix', () => {
    expect(displayName({ first_name: 'Ann', last_name: 'Lee' })).toBe('Ann Lee');
  });

  it('ignores a blank preferred name', () => {
    expect(displayName({ ...john, preferred_name: ' ' })).toBe('John Q Smith, Jr.');
  });
});
