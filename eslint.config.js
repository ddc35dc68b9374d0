import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ICONS_INDEX = { name: '@ant-design/icons', message: "import each icon from '@ant-design/icons/es/icons/<Name>' (src/icons.d.ts)" };
const tableMessage = 'use DataTable (src/engine/DataTable.tsx): every table renders the same light rows';
const ANTD_TABLE = [
  { name: 'antd', importNames: ['Table'], message: tableMessage },
  { name: 'antd/es/table', message: tableMessage },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'bench/peers/**/dist', '.stryker-tmp', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // CommonJS configuration files of tools (dependency-cruiser reads .cjs).
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One module per icon (src/icons.d.ts): the icons' index puts every icon any chunk uses on the first screen.
    // Every table is a DataTable, so all of them render the light rows of src/engine/tableRows.tsx.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/engine/DataTable.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [ICONS_INDEX, ...ANTD_TABLE] }] },
  },
  {
    files: ['src/engine/DataTable.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [ICONS_INDEX] }] },
  },
  {
    // Tests read deep into JSON answers; typing every answer would add noise, not safety.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
