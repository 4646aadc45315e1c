"""Fine-tune the NLI cross-encoder (extra [train]); see certirag/train/nli.py for options.

    python scripts/train_nli.py --data ../shared/data --out runs/nli --max-steps 4000
"""

from certirag.train.nli import main

if __name__ == "__main__":
    raise SystemExit(main())
