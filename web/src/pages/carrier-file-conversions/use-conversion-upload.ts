import { useState } from 'react';
import { MULTIPART_THRESHOLD_BYTES } from '../../../../shared/upload-plan';
import { uploadFile, uploadSizeProblem } from '../../api/upload';
import { convertAndFollow, declareConversion } from '../../data/carrier-file-conversions';
import { useUploadSender } from '../../components/FileUpload';

const SOURCE = 'GUARDIAN_ROW_BASED_ORIGINAL' as const;

export type ConversionUpload = ReturnType<typeof useConversionUpload>;

/**
 * A chosen carrier file's way to a conversion: declared, its bytes sent (with progress and
 * Cancel), then converted and followed until it settles. `onDone` gets the conversion's id (once
 * it has been declared and sent) and each problem goes to `onProblem`, null clearing the last one.
 */
export function useConversionUpload(companyId: string, { onDone, onProblem }: { onDone: (conversionId: string) => Promise<void>; onProblem: (problem: string | null) => void }) {
  const sender = useUploadSender();
  const [converting, setConverting] = useState(false);

  async function start(chosen: File) {
    // A conversion reads its workbook within one request: it takes what one PUT takes.
    const tooLarge = uploadSizeProblem(chosen, MULTIPART_THRESHOLD_BYTES);
    onProblem(tooLarge);
    if (tooLarge) return;
    const contentType = chosen.type || 'application/octet-stream';
    const declared = await declareConversion(companyId, { name: chosen.name, size: chosen.size, content_type: contentType, source_file_type: SOURCE });
    if (declared.error) return onProblem(declared.error.message);
    const sent = await sender.send((options) => uploadFile(declared.data, chosen, options));
    if (!sent.sent) {
      if (sent.problem) onProblem(sent.problem);
      return;
    }
    setConverting(true);
    const converted = await convertAndFollow(companyId, declared.data.conversion.id);
    setConverting(false);
    await onDone(declared.data.conversion.id);
    if (converted.error) onProblem(converted.error);
  }

  return { source: SOURCE, start, cancel: sender.cancel, percent: sender.percent, converting, busy: sender.sending || converting };
}
