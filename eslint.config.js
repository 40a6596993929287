import { configApp, RULES_LIST } from '@adonisjs/eslint-config'
import reactHooks from 'eslint-plugin-react-hooks'

/**
 * Prettier wraps code at 100 columns; what it cannot wrap (a long message
 * string, a Tailwind class list, a regular expression) is not an error.
 */
const MAX_LEN = [
  'error',
  {
    code: 100,
    comments: 120,
    ignoreUrls: true,
    ignoreStrings: true,
    ignoreTemplateLiterals: true,
    ignoreRegExpLiterals: true,
  },
]

/**
 * ESLint 10 flat config: the AdonisJS app preset (TypeScript, stylistic,
 * unicorn, Prettier as a rule, Inertia boundaries) plus the React hooks rules
 * for the frontend. eslint-plugin-react is left out: its current release
 * does not support ESLint 10 (peer range ends at 9).
 */
export default configApp(
  {
    name: 'Huddle ignores',
    ignores: [
      'node_modules/**',
      'build/**',
      'tmp/**',
      'storage/**',
      'public/**',
      'tests/screenshots/**',
      '.adonisjs/**',
    ],
  },
  {
    name: 'Huddle frontend (React)',
    files: ['inertia/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...RULES_LIST,
      ...reactHooks.configs.flat.recommended.rules,
      /**
       * Links and forms take URLs from our own route helper (inertia/lib/route.ts,
       * the seed's typed client route helper with its own error catalogue), so
       * Inertia's Link and Form are the intended components.
       */
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      '@adonisjs/prefer-adonisjs-inertia-form': 'off',
      '@stylistic/max-len': MAX_LEN,
    },
  },
  {
    name: 'Huddle line length',
    files: ['**/*.ts'],
    rules: { '@stylistic/max-len': MAX_LEN },
  },
  {
    /**
     * Exception classes carry their error code as their name, the way the
     * framework's own do (E_ROUTE_NOT_FOUND, E_ROW_NOT_FOUND).
     */
    name: 'Huddle exception class names',
    files: ['app/exceptions/**/*.ts'],
    rules: {
      '@typescript-eslint/naming-convention': [
        'error',
        { selector: 'variable', format: ['camelCase', 'UPPER_CASE', 'PascalCase'] },
        { selector: 'typeLike', format: ['PascalCase'] },
        { selector: 'class', format: ['PascalCase', 'UPPER_CASE'] },
        {
          selector: 'interface',
          format: ['PascalCase'],
          custom: { regex: '^I[A-Z]', match: false },
        },
      ],
    },
  },
  {
    name: 'Huddle page files are named after the product pages',
    files: ['inertia/pages/**/*.tsx'],
    rules: { '@unicorn/filename-case': 'off' },
  }
)
