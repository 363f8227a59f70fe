// qrcode ships without types; it comes with @aws-amplify/ui-react (which renders the sign-in TOTP QR code with it).
declare module 'qrcode' {
  export function toDataURL(text: string, options?: { width?: number; margin?: number }): Promise<string>;
}
