// Prebid.js's eslint configuration for the files a bidder pull request adds (modules/ and test/), pinned: copied from
// eslint.config.js of Prebid.js at commit 8660b4704c (11.30.0-pre; the same in the prebid.js 11.36.0 package), under
// its Apache License 2.0 (PREBID-LICENSE beside this file). Prebid's own rules (`prebid/*`) come from its eslint
// plugin in the installed prebid.js package, the shared configs (neostandard, typescript-eslint, jsdoc, chai-friendly)
// from npm at the versions Prebid's lockfile has. Left out, because they read Prebid's source tree rather than the
// file: the import rules (`import/*`, `prebid/validate-imports`: test/codegen/prebid-repo/harness.ts runs Prebid's
// validate-imports rule and resolver on the module) and `prebid/augmentation-reachable` (a TypeScript program over
// Prebid's sources: the harness's tsc check and `npm run check:prebid-repo` in a checkout cover it). Changes against
// Prebid's file are marked "bidfields:".
import { createRequire } from 'node:module';
import type { ESLint, Linter } from 'eslint';
import path from 'node:path';
import jsdoc from 'eslint-plugin-jsdoc';
import neostandard from 'neostandard';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const require = createRequire(import.meta.url);
const chaiFriendly = require('eslint-plugin-chai-friendly') as ESLint.Plugin;

/** gulpHelpers.js' SOURCE_FOLDERS (bidfields: written out, since gulpHelpers needs Prebid's build tools). */
const SOURCE_FOLDERS = ['src', 'creative', 'libraries', 'modules', 'test', 'public'];

const jsPattern = (name: string) => [`${name}/**/*.js`, `${name}/**/*.mjs`];
const tsPattern = (name: string) => [`${name}/**/*.ts`];
const sourcePattern = (name: string) => jsPattern(name).concat(tsPattern(name));

function noGlobals(names: Record<string, string>) {
  return {
    globals: Object.entries(names).map(([name, message]) => ({ name, message })),
    props: Object.entries(names).map(([name, message]) => ({ object: 'window', property: name, message })),
  };
}

/** The flat config, with Prebid's eslint plugin from `prebidDir` (a Prebid.js checkout or the prebid.js package). */
export function prebidEslintConfig(prebidDir: string): Linter.Config[] {
  const prebid = require(path.join(prebidDir, 'plugins/eslint/index.js')) as ESLint.Plugin;
  const { globals: restrictedGlobals, props } = noGlobals({
    require: 'use import instead',
    ...Object.fromEntries(['localStorage', 'sessionStorage'].map((k) => [k, 'use storageManager instead'])),
    XMLHttpRequest: 'use ajax.js instead',
  });
  return [
    jsdoc.configs['flat/recommended'],
    ...tseslint.configs.recommended,
    ...neostandard({
      files: SOURCE_FOLDERS.flatMap(jsPattern),
      ts: true,
      filesTs: SOURCE_FOLDERS.flatMap(tsPattern),
    }),
    {
      files: SOURCE_FOLDERS.flatMap(sourcePattern),
      plugins: { jsdoc, prebid },
      settings: { jsdoc: { tagNamePreference: { return: 'return' } } },
      languageOptions: {
        sourceType: 'module',
        ecmaVersion: 2018,
        globals: { BROWSERSTACK_USERNAME: false, BROWSERSTACK_KEY: false, FEATURES: 'readonly', ...globals.browser },
      },
      rules: {
        'comma-dangle': 'off',
        '@stylistic/comma-dangle': 'off',
        '@stylistic/semi': ['error', 'always'],
        'no-undef': 2,
        'no-constant-binary-expression': 'error',
        'no-useless-assignment': 'error',
        'prebid/no-redundant-validated-condition': 'error',
        'no-console': 'error',
        'prebid/no-extra-function-args': 'error',
        'space-before-function-paren': 'off',
        '@stylistic/space-before-function-paren': 'off',
        'prebid/no-implicit-operand-conversion': 'error',
        'no-restricted-syntax': [
          'error',
          {
            selector: 'FunctionDeclaration[id.name=/^log(Message|Info|Warn|Error|Result)$/]',
            message: "Defining a function named 'logResult, 'logMessage', 'logInfo', 'logWarn', or 'logError' is not allowed.",
          },
          {
            selector: 'VariableDeclarator[id.name=/^log(Message|Info|Warn|Error|Result)$/][init.type=/FunctionExpression|ArrowFunctionExpression/]',
            message: "Assigning a function to 'logResult, 'logMessage', 'logInfo', 'logWarn', or 'logError' is not allowed.",
          },
        ],
        'no-restricted-imports': ['error', { patterns: ['**/src/adloader.js'] }],
        'jsdoc/check-tag-names': ['warn', { definedTags: ['augmentationOptional'] }],
        'jsdoc/check-types': 'off',
        'jsdoc/no-defaults': 'off',
        'jsdoc/newline-after-description': 'off',
        'jsdoc/require-jsdoc': 'off',
        'jsdoc/require-param': 'off',
        'jsdoc/require-param-description': 'off',
        'jsdoc/require-param-name': 'off',
        'jsdoc/require-param-type': 'off',
        'jsdoc/require-property': 'off',
        'jsdoc/require-property-description': 'off',
        'jsdoc/require-property-name': 'off',
        'jsdoc/require-property-type': 'off',
        'jsdoc/require-returns': 'off',
        'jsdoc/require-returns-check': 'off',
        'jsdoc/require-returns-description': 'off',
        'jsdoc/require-returns-type': 'off',
        'jsdoc/require-yields': 'off',
        'jsdoc/require-yields-check': 'off',
        'jsdoc/tag-lines': 'off',
        'no-var': 'off',
        'no-void': 'off',
        'prefer-const': 'off',
        'no-prototype-builtins': 'off',
        'object-shorthand': 'off',
        'prefer-regex-literals': 'off',
        'no-case-declarations': 'off',
        '@stylistic/quotes': 'off',
        '@stylistic/quote-props': 'off',
        '@stylistic/multiline-ternary': 'off',
      },
    },
    // bidfields: of Prebid's per-folder blocks (allowedImports), the restricted globals and properties of modules/.
    {
      files: sourcePattern('modules'),
      rules: {
        'no-restricted-globals': ['error', ...restrictedGlobals],
        'no-restricted-properties': [
          'error',
          ...props,
          { property: 'cookie', object: 'document', message: 'use storageManager instead' },
          { property: 'sendBeacon', object: 'navigator', message: 'use ajax.js instead' },
          { property: 'doNotTrack', object: 'navigator', message: 'DNT was deprecated by W3C; Prebid no longer supports DNT signals' },
          { property: 'msDoNotTrack', object: 'navigator', message: 'DNT was deprecated by W3C; Prebid no longer supports DNT signals' },
          { property: 'doNotTrack', object: 'window', message: 'DNT was deprecated by W3C; Prebid no longer supports DNT signals' },
          ...['outerText', 'innerText'].map((property: string) => ({ property, message: 'use .textContent instead' })),
          { property: 'getBoundingClientRect', message: 'use libraries/boundingClientRect instead' },
          ...['scrollTop', 'scrollLeft', 'innerHeight', 'innerWidth', 'visualViewport'].map((property: string) => ({
            object: 'window',
            property,
            message: 'use utils/getWinDimensions instead',
          })),
        ],
      },
    },
    {
      files: ['**/*BidAdapter.js'],
      rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/events.js', '**/src/adloader.js'] }] },
    },
    {
      files: sourcePattern('test'),
      plugins: { 'chai-friendly': chaiFriendly },
      languageOptions: { globals: { ...globals.mocha, ...globals.chai, sinon: false } },
      rules: {
        'no-template-curly-in-string': 'off',
        'no-unused-expressions': 'off',
        'chai-friendly/no-unused-expressions': 'error',
        'no-undef': 'off',
        'no-useless-escape': 'off',
        'no-return-assign': 'off',
        camelcase: 'off',
      },
    },
    {
      files: SOURCE_FOLDERS.flatMap(tsPattern),
      rules: { 'no-undef': 'off', '@typescript-eslint/no-explicit-any': 'off' },
    },
    {
      files: SOURCE_FOLDERS.flatMap(jsPattern),
      rules: {
        '@typescript-eslint/no-unused-vars': 'off',
        '@typescript-eslint/no-unused-expressions': 'off',
        '@typescript-eslint/no-this-alias': 'off',
        '@typescript-eslint/no-require-imports': 'off',
      },
    },
  ];
}
