import { describe, expect, it } from 'vitest';
import {
  CHECK_INFORMATION,
  EMAIL_EXISTS,
  LOGIN_FAILED,
  REGISTRATION_FAILED,
  loginErrorMessage,
  registrationErrorFromResponse,
  registrationErrorMessage,
} from './auth-errors';

describe('registration error mapping (admin-and-foundations 5)', () => {
  it('maps "already exists" and "duplicate" to the email-exists text', () => {
    expect(registrationErrorMessage('A user with this email already exists')).toBe(EMAIL_EXISTS);
    expect(registrationErrorMessage('Duplicate key value')).toBe(EMAIL_EXISTS);
    expect(EMAIL_EXISTS).toContain('An account with this email already exists');
  });
  it('maps "validation" and "invalid" to the check-your-information text', () => {
    expect(registrationErrorMessage('Validation failed')).toBe(CHECK_INFORMATION);
    expect(registrationErrorMessage('Invalid email')).toBe(CHECK_INFORMATION);
    expect(CHECK_INFORMATION).toContain('Please check your information and try again');
  });
  it('checks "already exists" before "invalid"', () => {
    expect(registrationErrorMessage('invalid: email already exists')).toBe(EMAIL_EXISTS);
  });
  it('otherwise shows the server message, else the fixed text', () => {
    expect(registrationErrorMessage('Too many requests')).toBe('Too many requests');
    expect(registrationErrorMessage('')).toBe(REGISTRATION_FAILED);
    expect(registrationErrorMessage(undefined)).toBe('Registration failed. Please try again.');
  });
  it('maps whole responses, showing the invite-code 403 as the server wrote it', () => {
    expect(registrationErrorFromResponse(400, { detail: 'A user with that email already exists.', code: 'conflict' })).toBe(EMAIL_EXISTS);
    expect(registrationErrorFromResponse(409, { detail: 'duplicate email', code: 'conflict' })).toBe(EMAIL_EXISTS);
    expect(registrationErrorFromResponse(400, { detail: 'Validation error', code: 'validation_error' })).toBe(CHECK_INFORMATION);
    expect(registrationErrorFromResponse(403, { detail: 'A valid agency invite code is required', code: 'forbidden' })).toBe(
      'A valid agency invite code is required',
    );
    expect(registrationErrorFromResponse(500, undefined)).toBe(REGISTRATION_FAILED);
  });
});

describe('login error mapping', () => {
  it('shows the server message, else the fixed text', () => {
    expect(loginErrorMessage({ detail: 'Invalid email or password', code: 'unauthorized' })).toBe('Invalid email or password');
    expect(loginErrorMessage(undefined)).toBe(LOGIN_FAILED);
    expect(LOGIN_FAILED).toBe('Login failed. Please check your credentials.');
  });
});
