import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { pdfProblem } from './pdf-file';

/**
 * A PDF chosen in a `FileButton` (SPEC 5: PDF only, at most `maxPdfBytes`): `choose` refuses any
 * other file with its message (shown as `problem`) and hands a PDF to `onPdf`. `resetRef` goes to
 * the FileButton, so the same file can be chosen again after a refusal.
 */
export function usePdfChoice(
  onPdf: (file: File) => void,
  tooLargeKey: string,
): { problem: string | null; choose: (file: File | null) => void; resetRef: RefObject<(() => void) | null> } {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const choose = (file: File | null) => {
    resetRef.current?.();
    setProblem(null);
    if (!file) return;
    const wrong = pdfProblem(file);
    if (wrong) setProblem(t(wrong === 'notPdf' ? 'validation.pdfOnly' : tooLargeKey));
    else onPdf(file);
  };
  return { problem, choose, resetRef };
}
