import { useQuery } from '@tanstack/react-query';
import type { Product } from '../../shared/catalogue';
import { api } from './api-client';

export const PRODUCT_KEY = 'dropwise';

/** GET /api/products/:key: the product and the UK VAT rate the server prices with. */
export interface ProductResponse {
  product: Product;
  vatRate: number;
}

export const getProduct = (key: string, signal?: AbortSignal) =>
  api<ProductResponse>(`/api/products/${encodeURIComponent(key)}`, signal ? { signal } : {});

export function useProduct(key = PRODUCT_KEY) {
  return useQuery({ queryKey: ['product', key], queryFn: ({ signal }) => getProduct(key, signal) });
}
