import { getConfig } from '@lingui/conf';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import type { PluginOption } from 'vite';

/**
 * Lingui in a Vite build (the app's and the web tests'): its macros (t, Trans, msg) become catalogue lookups
 * before React's transform, and the PO catalogues the app imports are compiled. `cwd` is the web package's
 * folder, where lingui.config.ts is.
 */
export function linguiPlugins(cwd?: string): { babel: PluginOption; catalogues: PluginOption } {
  const where = cwd === undefined ? {} : { cwd };
  // The macro finds the config from the working folder unless it is handed one (the tests run from the root).
  const macro = cwd === undefined ? {} : { linguiConfig: getConfig(where) };
  return {
    babel: babel({ presets: [linguiTransformerBabelPreset(macro, where)] }),
    catalogues: lingui(where),
  };
}
