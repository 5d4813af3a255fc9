import { describe, expect, it } from 'vitest';
import { currentSessionSchema, languageOfSession } from './auth';

describe('the language of a session', () => {
  it('is the one chosen for the session, else the user’s locale, else none', () => {
    expect(languageOfSession('fr', 'en-CA')).toBe('fr');
    expect(languageOfSession('en', 'fr-CA')).toBe('en');
    expect(languageOfSession(null, 'fr-CA')).toBe('fr');
    expect(languageOfSession(undefined, 'en-CA')).toBe('en');
    expect(languageOfSession('de', 'fr-CA')).toBe('fr');
    expect(languageOfSession(null, null)).toBeNull();
  });
});

describe('the session answer', () => {
  it('keeps the session token and address out of what the page receives', () => {
    const parsed = currentSessionSchema.parse({
      session: {
        id: 's1',
        userId: 'u1',
        token: 'secret-token',
        ipAddress: '203.0.113.1',
        expiresAt: new Date('2026-12-01T00:00:00Z'),
        language: 'fr',
      },
      user: {
        id: 'u1',
        name: 'A',
        email: 'a@example.test',
        emailVerified: true,
        locale: 'xx-XX',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(parsed?.session).toEqual({
      id: 's1',
      userId: 'u1',
      expiresAt: '2026-12-01T00:00:00.000Z',
      language: 'fr',
    });
    // A locale the app does not speak reads as none rather than failing the whole answer.
    expect(parsed?.user.locale).toBeNull();
    expect(currentSessionSchema.parse(null)).toBeNull();
  });
});
