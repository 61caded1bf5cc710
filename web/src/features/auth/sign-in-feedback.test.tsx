import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SignInAlert, SignInOverlay } from './sign-in-feedback';

// The network is down: the chunk with MUI's Alert and the overlay cannot be fetched.
vi.mock('./sign-in-feedback-parts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('the sign-in messages when their chunk cannot be fetched', () => {
  it('still say what happened, as plain text, and the overlay draws nothing', async () => {
    render(
      <>
        <SignInOverlay open label="Signing in" />
        <SignInAlert severity="error">Cannot reach the server. Check your connection.</SignInAlert>
      </>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cannot reach the server. Check your connection.',
    );
  });
});
