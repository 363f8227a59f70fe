import { toDataURL as qrToDataURL } from 'qrcode';

/** A QR code image (data URL) for the TOTP set-up URI. */
export const toDataURL = (text: string, options: { width?: number; margin?: number } = {}) => qrToDataURL(text, options);
