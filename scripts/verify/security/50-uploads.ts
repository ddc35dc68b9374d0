// Upload abuse: every case of tests/support/uploadAbuse.ts five times over, plus aborted uploads.
import { mustBeZero, type VerifyRow } from '../rows.ts';
import { runUploadAbuse } from '../../../tests/support/uploadAbuse.ts';

export default async function uploads(): Promise<VerifyRow[]> {
  const f = await runUploadAbuse(5);
  return [
    { area: 'uploads', figure: 'cases sent', value: f.cases },
    mustBeZero('uploads', 'files outside the upload folder', f.filesOutsideUploadFolder),
    mustBeZero('uploads', 'temp files left (OS temp dir, upload temp folder)', f.tempFilesLeft),
    mustBeZero('uploads', 'stored names not server-generated', f.storedNamesNotServerGenerated),
    mustBeZero('uploads', 'downloads not attachment / nosniff / sandboxed', f.downloadsUnsafe),
    mustBeZero('uploads', 'dangerous files accepted (HTML, SVG, polyglots)', f.dangerousAccepted),
    mustBeZero('uploads', 'offered names with path, control, bidi or device name', f.unsafeDisplayNames),
    mustBeZero('uploads', 'answers other than the expected refusal, or without a Chinese message', f.unexpectedAnswers),
  ];
}
