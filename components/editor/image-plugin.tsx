'use client';

import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNodeByKey, $insertNodes, COMMAND_PRIORITY_LOW, PASTE_COMMAND, createCommand, mergeRegister, type LexicalEditor } from 'lexical';
import { useEffect } from 'react';
import { FOREIGN_IMAGES_LEFT_OUT, FOREIGN_IMAGES_UPLOAD, MAX_PASTED_IMAGES, PASTED_IMAGES_MESSAGE, displaySize } from '@/lib/jobs/editor-rules';
import { isForeignImageSrc } from '@/lib/jobs/rich-text-rules';
import { $createImageNode, $isImageNode, ImageNode } from './image-node';

/** Uploads an image file and answers its address (the page decides where images go). */
export type ImageUploader = (file: File) => Promise<string>;

export const IMAGE_UPLOAD_FAILED = 'An error ocurred uploading image.';

export const INSERT_IMAGE_COMMAND = createCommand<{ src: string; altText: string }>('INSERT_IMAGE_COMMAND');

/** Natural size of an image address (null when it does not load). */
function measure(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

/** Uploads the files and inserts them as images; answers the message of a failure. */
export async function uploadAndInsert(editor: LexicalEditor, files: File[], upload: ImageUploader): Promise<string | null> {
  for (const file of files) {
    try {
      const src = await upload(file);
      editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src, altText: file.name.replace(/\.[a-z0-9]+$/i, '') });
    } catch {
      return IMAGE_UPLOAD_FAILED;
    }
  }
  return null;
}

/**
 * Images: the insert command, pasted image files (uploaded), and the 720 px rule for every image
 * that arrives without a size (inserted, pasted as HTML, or loaded from stored markup). Pasted
 * content with more than 10 images is flagged through onNotice and kept whole. An image from
 * another site (pasted from a web page) is left out with a notice: it would show broken here and
 * on the site, and the server refuses it.
 */
export function ImagePlugin({ upload, onNotice }: { upload?: ImageUploader; onNotice: (message: string) => void }) {
  const [editor] = useLexicalComposerContext();

  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          INSERT_IMAGE_COMMAND,
          (payload) => {
            $insertNodes([$createImageNode(payload)]);
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          PASTE_COMMAND,
          (event) => {
            const data = event instanceof ClipboardEvent ? event.clipboardData : null;
            if (!data) return false;
            const html = data.getData('text/html');
            const count = html ? (html.match(/<img\b/gi) ?? []).length : 0;
            if (count > MAX_PASTED_IMAGES) onNotice(PASTED_IMAGES_MESSAGE);
            const files = Array.from(data.files).filter((f) => f.type.startsWith('image/'));
            if (!files.length || html) return false;
            if (files.length > MAX_PASTED_IMAGES) onNotice(PASTED_IMAGES_MESSAGE);
            event.preventDefault();
            if (upload) void uploadAndInsert(editor, files, upload).then((error) => error && onNotice(error));
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerNodeTransform(ImageNode, (node) => {
          if (!isForeignImageSrc(node.getSrc())) return;
          node.remove();
          onNotice(upload ? FOREIGN_IMAGES_UPLOAD : FOREIGN_IMAGES_LEFT_OUT);
        }),
        editor.registerMutationListener(ImageNode, (mutations) => {
          for (const [key, kind] of mutations) {
            if (kind !== 'created') continue;
            const src = editor.getEditorState().read(() => {
              const node = $getNodeByKey(key);
              return $isImageNode(node) && !node.getWidth() ? node.getSrc() : null;
            });
            if (!src) continue;
            void measure(src).then((natural) => {
              if (!natural) return;
              const size = displaySize(natural);
              editor.update(() => {
                const node = $getNodeByKey(key);
                if ($isImageNode(node) && !node.getWidth()) node.setSize(size.width, size.height);
              });
            });
          }
        }),
      ),
    [editor, upload, onNotice],
  );

  return null;
}
