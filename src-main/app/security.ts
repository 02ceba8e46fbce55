import { CONTENT_SECURITY_POLICY } from '../renderer-files/content-security-policy';

/** The renderer gets no Node, an isolated world for the preload, and Chromium's sandbox. */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  sandbox: true,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

/** The parts of Electron's WebContents this module uses (tests pass a fake). */
export interface GuardedContents {
  getURL(): string;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): void;
}

/** No new windows, no webviews, no navigation away from the app's own page. */
export function guardWebContents(contents: GuardedContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayOnPage = (event: { preventDefault(): void }, url: string) => {
    if (url !== contents.getURL()) event.preventDefault();
  };
  contents.on('will-navigate', stayOnPage);
  contents.on('will-redirect', stayOnPage);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The permission hooks of Electron's `Session` used here (tests pass a fake). */
export interface PermissionSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, grant: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

/**
 * The app needs no camera, microphone, notifications, clipboard reads or anything else a page can
 * ask for: every request is refused, and every check (which Chromium makes without asking, e.g.
 * before showing a site that it may) says no.
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, grant) => grant(false));
  session.setPermissionCheckHandler(() => false);
}

/** Response headers with the app's CSP added (every response the session receives). */
export function withContentSecurityPolicy(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  return { ...headers, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] };
}
