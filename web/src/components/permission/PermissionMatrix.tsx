import { Checkbox, Table, type TableColumnsType } from 'antd';
import {
  KIND_LABELS,
  offeredCodes,
  permissionCode,
  PERMISSION_KINDS,
  selectionState,
  setCodes,
  type MatrixProgram,
} from './permissionMatrix';

interface PermissionMatrixProps {
  programs: MatrixProgram[];
  /** The granted permission codes ("{program}:{kind}"). */
  value?: string[] | null;
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
  loading?: boolean;
}

interface AllBoxProps {
  codes: string[];
  targets: string[];
  label: string;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}

/** A box granting or withdrawing a whole row or column; half-filled when only some are granted. */
function AllBox({ codes, targets, label, disabled, onChange }: AllBoxProps) {
  const state = selectionState(codes, targets);
  return (
    <Checkbox
      aria-label={label}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={disabled || targets.length === 0}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/**
 * Programs × permission kinds. A box exists only where the program offers the kind; a row's and a
 * column's first box selects all of it.
 */
export function PermissionMatrix({ programs, value, onChange, disabled, loading }: PermissionMatrixProps) {
  const codes = value ?? [];
  const change = (targets: string[], on: boolean) => onChange?.(setCodes(codes, targets, on));

  const columns: TableColumnsType<MatrixProgram> = [
    {
      key: 'program',
      title: '프로그램',
      render: (_value, program) => (
        <span>
          {program.prgName} <span className="secondary-text">{program.prgCode}</span>
        </span>
      ),
    },
    {
      key: 'all',
      title: '전체',
      width: 70,
      align: 'center',
      render: (_value, program) => (
        <AllBox
          codes={codes}
          targets={offeredCodes(programs, { prgCode: program.prgCode })}
          label={`${program.prgName} 전체`}
          disabled={disabled}
          onChange={(on) => change(offeredCodes(programs, { prgCode: program.prgCode }), on)}
        />
      ),
    },
    ...PERMISSION_KINDS.map((kind) => ({
      key: kind,
      align: 'center' as const,
      width: 90,
      title: (
        <span className="matrix-kind-title">
          <AllBox
            codes={codes}
            targets={offeredCodes(programs, { kind })}
            label={`${KIND_LABELS[kind]} 전체`}
            disabled={disabled}
            onChange={(on) => change(offeredCodes(programs, { kind }), on)}
          />
          {KIND_LABELS[kind]}
        </span>
      ),
      render: (_value: unknown, program: MatrixProgram) => {
        if (!program.prgKinds.includes(kind)) return <span className="secondary-text">-</span>;
        const code = permissionCode(program.prgCode, kind);
        return (
          <Checkbox
            aria-label={`${program.prgName} ${KIND_LABELS[kind]}`}
            checked={codes.includes(code)}
            disabled={disabled}
            onChange={(event) => change([code], event.target.checked)}
          />
        );
      },
    })),
  ];

  return (
    <Table<MatrixProgram>
      className="permission-matrix"
      size="small"
      rowKey="prgCode"
      columns={columns}
      dataSource={programs}
      loading={loading}
      pagination={false}
      // The header follows the scroll while editing the long list; a read-only matrix sits inside a page.
      sticky={!disabled}
    />
  );
}
