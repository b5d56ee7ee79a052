/** The dark modules of a QR code as one SVG path, for the pages' inline SVG and the management API's links. */
import qrcode from "qrcode-generator";

/** Modules of white border around the code, as the QR standard asks for. */
export const QUIET_ZONE = 4;

/**
 * The code's module count and one SVG path covering its dark modules (runs of a row merged into one rectangle),
 * at error correction level M.
 */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.isDark(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size, d: parts.join("") };
}
