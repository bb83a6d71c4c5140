from narrator.cli import main

raise SystemExit(main())
