// exceljs's XML escaping (used by server/platform/http/excel.ts), which its typings do not declare.
declare module 'exceljs/lib/utils/utils.js' {
  const utils: {
    /** The text escaped for XML, without the control characters XML cannot hold. */
    xmlEncode(text: string): string;
  };
  export default utils;
}
