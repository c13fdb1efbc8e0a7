import { Select } from 'antd';
import { useEffect, useEffectEvent } from 'react';
import { usePackageProducts, useOnSalePackages, type PackageProduct } from './packageApi';

interface ControlProps<T> {
  id?: string;
  value?: T | null;
  onChange?: (value: T | null) => void;
  disabled?: boolean;
}

/** A package on sale, by name. */
export function PackageSelect({ id, value, onChange, disabled }: ControlProps<string>) {
  const { data = [], isFetching } = useOnSalePackages();
  const options = data.map((pkg) => ({ value: pkg.pkgId, label: `${pkg.pkgNm} (${pkg.pkgId})` }));
  // A stored campaign's package may since have gone off sale: it stays choosable by its id.
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: value });
  return <Select<string> id={id} loading={isFetching} disabled={disabled} value={value ?? undefined} options={options} onChange={(chosen) => onChange?.(chosen ?? null)} placeholder="패키지 선택" />;
}

const productLabel = (product: PackageProduct) =>
  `${product.prdNm} · ${product.unitPrice.toLocaleString('ko-KR')}원/30일 · ${product.playtime}초 · ${product.platform === 2 ? 'SME' : 'PRO'}`;

/** The product of the campaign among its package's products; the first one of the platform is taken while none of the package is chosen. */
export function ProductSelect({ id, value, onChange, disabled, pkgId, platform }: ControlProps<string> & { pkgId?: string | null; platform?: number }) {
  const { data: products = [], isFetching, isSuccess } = usePackageProducts(pkgId);

  // Reads the value and the handler as they are when it runs, without running again for them.
  const chooseUnlessChosen = useEffectEvent((offered: PackageProduct[]) => {
    if (offered.some((product) => product.prdId === value)) return;
    const first = offered.find((product) => product.platform === platform) ?? offered[0];
    onChange?.(first ? first.prdId : null);
  });

  // Only a new list of products (another package) or platform chooses again.
  useEffect(() => {
    if (isSuccess) chooseUnlessChosen(products);
  }, [isSuccess, products, platform]);

  return (
    <Select<string>
      id={id}
      loading={isFetching}
      disabled={disabled || !pkgId}
      value={value ?? undefined}
      options={products.map((product) => ({ value: product.prdId, label: productLabel(product) }))}
      onChange={(chosen) => onChange?.(chosen ?? null)}
      placeholder={pkgId ? '상품 선택' : '패키지를 먼저 선택해 주세요.'}
    />
  );
}
