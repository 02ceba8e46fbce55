import type { StratumApi } from '../../../src-shared/api';
import type { DesktopBridge } from '../../../src-shared/desktop-bridge';
import { createApiClient } from '../../../src-shared/api-client';
import { takeAccessToken } from './access-token';
import { httpTransport } from './http-client';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    stratumDesktop?: DesktopBridge;
  }
}

export const desktop: DesktopBridge | undefined = window.stratumDesktop;

/** The API of whichever host runs this renderer: IPC through the preload, else HTTP to the server. */
export const api: StratumApi = createApiClient(
  desktop
    ? (method, request) => desktop.invoke(method, request)
    : httpTransport(takeAccessToken(window.location, window.history, window.sessionStorage)),
);
