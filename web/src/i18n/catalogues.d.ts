// A PO catalogue imported from the app: Lingui's Vite plugin compiles it to the runtime's message format.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
