import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
