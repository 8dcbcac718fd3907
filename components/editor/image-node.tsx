'use client';

import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';

export type ImagePayload = { src: string; altText: string; width?: number | null; height?: number | null };

export type SerializedImageNode = Spread<{ src: string; altText: string; width?: number; height?: number }, SerializedLexicalNode>;

/**
 * An inline image with its shown size (the 720 px rule is applied when it is inserted). Serialized
 * as {type: 'image', src, altText, width, height}: lib/jobs/rich-text.ts renders the same shape.
 */
export class ImageNode extends DecoratorNode<React.ReactNode> {
  __src: string;
  __altText: string;
  __width?: number;
  __height?: number;

  static getType() {
    return 'image';
  }

  static clone(node: ImageNode) {
    return new ImageNode({ src: node.__src, altText: node.__altText, width: node.__width, height: node.__height }, node.__key);
  }

  constructor({ src, altText, width, height }: ImagePayload, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__altText = altText;
    this.__width = width ?? undefined;
    this.__height = height ?? undefined;
  }

  static importJSON(json: SerializedImageNode) {
    return $createImageNode(json);
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: 'image', version: 1, src: this.__src, altText: this.__altText, width: this.__width, height: this.__height };
  }

  static importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (el) => {
          const img = el as HTMLImageElement;
          const num = (v: string | null) => (v && Number(v) > 0 ? Number(v) : undefined);
          return { node: $createImageNode({ src: img.getAttribute('src') ?? '', altText: img.alt, width: num(img.getAttribute('width')), height: num(img.getAttribute('height')) }) };
        },
        priority: 0,
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.src = this.__src;
    img.alt = this.__altText;
    if (this.__width) img.width = this.__width;
    if (this.__height) img.height = this.__height;
    return { element: img };
  }

  createDOM(config: EditorConfig) {
    const span = document.createElement('span');
    if (config.theme.image) span.className = config.theme.image as string;
    return span;
  }

  updateDOM() {
    return false;
  }

  isInline() {
    return true;
  }

  getSrc() {
    return this.getLatest().__src;
  }

  getWidth() {
    return this.getLatest().__width;
  }

  setSize(width: number, height: number) {
    const self = this.getWritable();
    self.__width = width;
    self.__height = height;
  }

  decorate() {
    // eslint-disable-next-line @next/next/no-img-element -- the editor shows the exact stored file at its stored size
    return <img src={this.__src} alt={this.__altText} width={this.__width} height={this.__height} className="inline-block h-auto max-w-full" draggable={false} />;
  }
}

export function $createImageNode(payload: ImagePayload) {
  return $applyNodeReplacement(new ImageNode(payload));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
