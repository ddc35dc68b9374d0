/** A seal template's fill-in field: what the applicant is asked, and where on the PDF the answer is written (a box in PDF points from the page's top-left). The server checks and draws it (server/modules/seal/fillFields.ts); the template editor and the applicant's form show it. */
export interface FillField {
  name: string;
  label: string;
  type: 'text' | 'date' | 'amount';
  required?: boolean;
  page: number;
  x: number;
  y: number;
  w: number;
  size: number;
}
