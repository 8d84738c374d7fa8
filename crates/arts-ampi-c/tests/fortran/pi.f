! The classic: pi as the integral of 4/(1+x*x) on [0,1], the intervals
! shared among the ranks, summed by MPI_Reduce. Fixed form, mpif.h.
!   pi [intervals=100000]
      PROGRAM PI
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER N, RANK, NP, I, IERR
      DOUBLE PRECISION H, X, MINE, TOTAL, ERR, T0
      CHARACTER*16 ARG
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NP, IERR)
      N = 100000
      IF (RANK .EQ. 0 .AND. COMMAND_ARGUMENT_COUNT() .GE. 1) THEN
         CALL GET_COMMAND_ARGUMENT(1, ARG)
         READ (ARG, *) N
      END IF
      T0 = MPI_WTIME()
      CALL MPI_BCAST(N, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, IERR)
      H = 1.0D0 / N
      MINE = 0.0D0
      DO I = RANK + 1, N, NP
         X = H * (I - 0.5D0)
         MINE = MINE + 4.0D0 / (1.0D0 + X * X)
      END DO
      MINE = H * MINE
      CALL MPI_REDUCE(MINE, TOTAL, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0,
     &                MPI_COMM_WORLD, IERR)
      IF (RANK .EQ. 0) THEN
         ERR = ABS(TOTAL - 3.141592653589793238D0)
         WRITE (*, '(A, I8, A, L1)') 'pi: ', N,
     &        ' intervals, error below 1e-9: ', ERR .LT. 1.0D-9
      END IF
      CALL MPI_FINALIZE(IERR)
      END
