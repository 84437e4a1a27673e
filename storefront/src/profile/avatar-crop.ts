// The profile photo as it is stored: the square the user chose in the crop dialog, drawn at
// 512 x 512 on a canvas and encoded as WebP (JPEG where the browser cannot encode WebP), so an
// upload is small whatever the camera made, and every avatar has the same shape.

export const AVATAR_SIZE = 512;

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The crop in whole source pixels, square and inside the image. The cropper reports fractions,
 * and at the image's edge a rounding can leave it a pixel outside.
 */
export function squareSourceRect(area: CropArea, imageWidth: number, imageHeight: number): CropArea {
  const side = Math.max(1, Math.min(Math.round(Math.min(area.width, area.height)), imageWidth, imageHeight));
  const x = Math.min(Math.max(0, Math.round(area.x)), imageWidth - side);
  const y = Math.min(Math.max(0, Math.round(area.y)), imageHeight - side);
  return { x, y, width: side, height: side };
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Deze foto kunnen we niet openen. Kies een andere foto.'));
    image.src = src;
  });
}

const encode = (canvas: HTMLCanvasElement, type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));

/** Draws the chosen square at AVATAR_SIZE and encodes it. */
export async function squarePhoto(src: string, area: CropArea): Promise<Blob> {
  const image = await loadImage(src);
  const rect = squareSourceRect(area, image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Je browser kan deze foto niet bewerken. Probeer een andere browser.');
  // Transparent parts of a PNG would turn black in a JPEG.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  const webp = await encode(canvas, 'image/webp');
  const photo = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg');
  if (!photo) throw new Error('Je foto kon niet worden bijgesneden. Probeer het opnieuw.');
  return photo;
}
