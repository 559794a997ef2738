export { type UploadOptions, uploadForm } from './upload.ts';
