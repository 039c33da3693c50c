export { PDF_COLORS, pdfFooter, pdfHeader, pdfRule, pdfSafe, renderPdf, type PdfDoc, type PdfPage } from './pdf';
