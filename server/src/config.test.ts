import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrl, requirePublicUrlForMail } from './config.js';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      UPLOAD_MAX_MB: 10,
      TRUST_PROXY: false,
    });
    expect(c.SCHOOL_TIMEZONE).toBe('America/Port_of_Spain');
  });
  it.each([
    ['true', true],
    ['false', false],
    ['0', 0],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1 ,loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ])('reads TRUST_PROXY=%s as a hop count or a list of proxies', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SCHOOL_TIMEZONE: 'Mars/Olympus' }, 'SCHOOL_TIMEZONE'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ UPLOAD_MAX_MB: '-1' }, 'UPLOAD_MAX_MB'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example.org' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ LOGIN_ADDRESS_MAX_FAILURES: '2' }, 'LOGIN_ADDRESS_MAX_FAILURES'],
  ])('fails with one line naming the bad variable: %j', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message.split('\n')).toHaveLength(1);
  });
});

describe('the e-mail settings (D52)', () => {
  it('accepts smtp and smtps URLs and refuses anything else with the variable named', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.org:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(
      /SMTP_URL: must start with smtp/,
    );
    expect(() => loadConfig({ MAIL_DAILY_TIME: '7am' })).toThrow(/MAIL_DAILY_TIME/);
  });

  it('builds links from PUBLIC_URL, or from the port when it is not set', () => {
    expect(publicUrl(loadConfig({ PORT: '4000' }))).toBe('http://localhost:4000');
    expect(publicUrl(loadConfig({ PUBLIC_URL: 'https://portal.school.tt' }))).toBe(
      'https://portal.school.tt',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://portal.school.tt/' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses a mail server without PUBLIC_URL, which every link in an e-mail needs', () => {
    expect(() => requirePublicUrlForMail(loadConfig({ SMTP_URL: 'smtp://mail.example.org' }))).toThrow(
      /PUBLIC_URL: needed with SMTP_URL/,
    );
    expect(() =>
      requirePublicUrlForMail(
        loadConfig({ SMTP_URL: 'smtp://m.example.org', PUBLIC_URL: 'https://p.example.org' }),
      ),
    ).not.toThrow();
    expect(() => requirePublicUrlForMail(loadConfig({}))).not.toThrow();
  });
});
