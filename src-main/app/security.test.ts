import { describe, expect, it } from 'vitest';
import {
  denyAllPermissions,
  guardWebContents,
  SECURE_WEB_PREFERENCES,
  withContentSecurityPolicy,
  type GuardedContents,
  type PermissionSession,
} from './security';

describe('window security', () => {
  it('isolates and sandboxes the renderer without Node', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, webviewTag: false });
  });

  it('denies new windows, navigation away from the app and webviews', () => {
    const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
    const contents = {
      getURL: () => 'file:///app/index.html',
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
      on: (event: string, listener: (event: { preventDefault(): void }, url?: string) => void) => listeners.set(event, listener),
    } as unknown as GuardedContents;
    guardWebContents(contents);
    expect(openHandler!({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const prevented: string[] = [];
    const attempt = (event: string, url?: string) => listeners.get(event)!({ preventDefault: () => prevented.push(url ?? event) }, url);
    attempt('will-navigate', 'https://example.com/');
    attempt('will-navigate', 'file:///app/index.html');
    attempt('will-redirect', 'file:///etc/passwd');
    attempt('will-attach-webview');
    expect(prevented).toEqual(['https://example.com/', 'file:///etc/passwd', 'will-attach-webview']);
  });

  it('refuses every permission request and answers every permission check with no', () => {
    let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => (request = handler),
      setPermissionCheckHandler: (handler) => (check = handler),
    });
    const granted: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      request!(null, permission, (answer) => granted.push(answer));
      expect(check!(null, permission)).toBe(false);
    }
    expect(granted).toEqual([false, false, false, false, false]);
  });

  it('adds a strict CSP to every response', () => {
    const headers = withContentSecurityPolicy({ 'Content-Type': ['text/html'] });
    const policy = headers['Content-Security-Policy']![0]!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("worker-src 'self' blob:");
    expect(headers['Content-Type']).toEqual(['text/html']);
  });
});
